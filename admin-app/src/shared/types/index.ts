export * from './config';
export * from './entitlements';
export * from './settings';
export * from './errors';
export * from './survey';
export * from './results';
export * from './admin';
export * from './notifications';
