export { notificationsModule } from './notifications.module.js';
