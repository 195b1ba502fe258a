export * from './api';
export * from './hooks';
