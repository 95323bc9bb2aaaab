/**
 * The Management module's public face: the firm's profile, logo, consents and settings.
 * Other modules read the firm's logo for their documents through `readTenantLogo`.
 */
export { managementHandlers } from './management.handlers';
export { ManagementService } from './management.service';
export { readTenantLogo } from './logo';
