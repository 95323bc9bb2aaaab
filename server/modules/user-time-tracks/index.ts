/** The user-time-tracks module's public face: members' working time (clock in, breaks, targets). */
export { userTimeTracksHandlers } from './user-time-tracks.handlers';
export { UserTimeTracksService } from './user-time-tracks.service';
