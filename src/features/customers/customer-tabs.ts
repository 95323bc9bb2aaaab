/** The tabs of a customer's page, by their value in the URL (`?tab=`); kept apart so the route's search check stays small. */
export const customerTabs = ['activities', 'time', 'photos', 'confirmations'] as const;
export type CustomerTab = (typeof customerTabs)[number];
