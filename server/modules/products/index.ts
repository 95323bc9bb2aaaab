/** The Products module's public face: the material catalogue and its import. */
export { productsHandlers, productsRouteOptions } from './products.handlers';
export { ProductsService } from './products.service';
export { findProduct } from './products.repository';
