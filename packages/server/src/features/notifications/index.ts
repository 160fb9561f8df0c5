// What other features use of the notifications: the events recorded in their own transactions.
export {
  type AppointmentState,
  isCancelledLabel,
  recordAppointmentChange,
  recordDocumentPublished,
  recordTransfer,
} from './notification-record';
// The demo outbox shows, at night, what will leave in the morning.
export { noticesOfTheMorning } from './notification-worker';
