export * from './events.ts';
export * from './system.ts';
export * from './users.ts';
