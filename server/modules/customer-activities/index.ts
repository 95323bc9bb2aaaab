/** The customer-activities module's public face: the feed and totals of what happened at customers. */
export { customerActivitiesHandlers } from './customer-activities.handlers';
export { CustomerActivitiesService } from './customer-activities.service';
