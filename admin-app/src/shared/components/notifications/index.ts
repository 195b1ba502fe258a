export { NotificationsToggle } from './NotificationsToggle';
