/**
 * The time-tracks module's public face: customer times (timers per customer). Working time
 * (user-time-tracks) shares its clock tolerance and the rule that a position is kept only under
 * the firm's and the member's GPS consent.
 */
export { timeTracksHandlers } from './time-tracks.handlers';
export { TimeTracksService, CLOCK_SKEW_MS } from './time-tracks.service';
export { positionUnderConsent } from './gps-consent';
