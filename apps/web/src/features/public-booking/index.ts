export { BookingPage } from './components/booking-page';
export { bookingPageParams } from './utils/booking-page-params';
