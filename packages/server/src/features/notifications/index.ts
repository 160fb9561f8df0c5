// What other features use of the notifications: the events recorded in their own transactions.
export {
  type AppointmentState,
  isCancelledLabel,
  recordAppointmentChange,
  recordDocumentPublished,
  recordTransfer,
} from './notification-record';
