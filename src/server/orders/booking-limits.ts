/** Limits on guest bookings (§2 "Guest booking modal"), counted with the order in its transaction, so only bookings actually made count. */
import { limitsOf } from '../accounts/limits.ts';

const HOUR = 3600,
  DAY = 24 * HOUR;

/** Guest bookings per connection and per phone number; a household books a few packs, a hoarder many. */
export const BOOKING_LIMITS = {
  /** Bookings from one address (mobile networks share addresses: generous, but far below what empties a pack). */
  address: { points: 5, seconds: HOUR, says: 'Trop de réservations depuis cette connexion.' },
  /** Bookings from one address in a day. */
  addressDay: { points: 10, seconds: DAY, says: 'Trop de réservations aujourd’hui depuis cette connexion.' },
  /** Bookings for one phone number in a day. */
  phone: { points: 3, seconds: DAY, says: 'Trop de réservations aujourd’hui pour ce numéro de téléphone (3 par jour).' },
} as const;

/** The name of a booking limit. */
export type BookingLimit = keyof typeof BOOKING_LIMITS;

/** Counting of the booking limits (rate-limiter-flexible, `rate_limits` table). */
export const bookingLimits = limitsOf(BOOKING_LIMITS, 'booking');
