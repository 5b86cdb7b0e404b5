export { NOTIFICATION_MESSAGES, QUIET_STATUSES, STATUS_MESSAGES } from './messages.js';
export { notificationRoutes } from './routes.js';
export { Notification as NotificationSchema } from './schemas.js';
export { createNotificationsService, type NotificationsService } from './service.js';
export { insertOnce as insertNotificationOnce, notificationsAfter } from './store.js';
