/** The work-confirmations module's public face: signed confirmations of work done, as PDF. */
export { workConfirmationsHandlers } from './work-confirmations.handlers';
export { WorkConfirmationsService } from './work-confirmations.service';
