export { toursModule } from './tours.module.js';
export { bookingLinkOf } from './booking-link-token.js';
export {
  bookTour,
  cancelTour,
  getTourSlots,
  updateTour,
  type TourBookingDeps,
} from './tour-booking.service.js';
export { tourBookingDepsOf } from './tours.module.js';
