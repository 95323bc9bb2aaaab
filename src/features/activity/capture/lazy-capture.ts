/**
 * The capture dialogs (note, material with its scanner, time, photos, signature, dictation), loaded
 * once the page that offers them is idle, not with its first paint: with the forms' number inputs,
 * the scanner and the signature pad they are about 20 KiB gzip (the route budgets,
 * scripts/check-bundle-size.mjs). Render them inside a `Suspense`.
 */
import { lazy } from 'react';

export const loadCaptureDialogs = () => import('./capture-dialogs');

export const EntryModal = lazy(() => import('./capture-dialogs').then((module) => ({ default: module.EntryModal })));
export const PhotoUploadModal = lazy(() => import('./capture-dialogs').then((module) => ({ default: module.PhotoUploadModal })));
export const ConfirmationModal = lazy(() => import('./capture-dialogs').then((module) => ({ default: module.ConfirmationModal })));
export const DictationModal = lazy(() => import('./capture-dialogs').then((module) => ({ default: module.DictationModal })));
