/**
 * The Images module's public face: photos of a customer. Other modules reuse its image checks and
 * conversions (the firm's logo, thumbnails in work confirmations).
 */
export { imagesHandlers } from './images.handlers';
export { ImagesService } from './images.service';
export { detectImageType, MAX_IMAGE_PIXELS, thumbnailAsJpeg } from './image-processing';
