/** The Localisation module's public face: the firm's own wording of the app's texts. */
export { localisationHandlers } from './localisation.handlers';
export { LocalisationService } from './localisation.service';
