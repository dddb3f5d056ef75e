export { toursModule } from './tours.module.js';
export { bookingLinkOf } from './booking-link-token.js';
