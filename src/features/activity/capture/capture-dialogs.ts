/** The capture dialogs in one chunk, loaded after a customer's page is on screen (lazy-capture.ts). */
export { DictationModal } from '../../../components/ai/dictation-modal';
export { ConfirmationModal } from './confirmation-modal';
export { EntryModal } from './entry-modal';
export { PhotoUploadModal } from './photo-upload-modal';
