export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './route.ts';
export * from './routes.ts';
export * from './system.ts';
export * from './timezones.ts';
