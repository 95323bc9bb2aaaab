/** The development module's public face: helper routes that only a development server mounts. */
export { developmentRoutes } from './development.handlers';
