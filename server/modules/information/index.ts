/** The Information module's public face: notes, materials and time entries of a customer. */
export { informationHandlers } from './information.handlers';
export { InformationService } from './information.service';
