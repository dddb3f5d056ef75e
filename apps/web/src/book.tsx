// The public booking page's entry (`/book/<propertyId>`): its own small bundle, without the
// console's UI kit, router or session, so a prospect's phone loads it fast.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingPage, bookingPageParams } from './features/public-booking';

const params = bookingPageParams(window.location);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BookingPage propertyId={params.propertyId} token={params.token} />
  </StrictMode>,
);
