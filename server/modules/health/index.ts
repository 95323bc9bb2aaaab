/** The health module's public face: `/health`, `/metrics` and the app's runtime configuration. */
export { healthRoutes } from './health.handlers';
export { appConfigRoute } from './app-config';
