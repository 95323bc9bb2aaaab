// The toasts' container, loaded after the first screen (app-providers.tsx); `notifications.show`
// and the store stay in the entry.
export { Notifications } from '@mantine/notifications';
