export * from './auth.ts';
export * from './companies.ts';
export * from './events.ts';
export * from './jobs.ts';
export * from './mail.ts';
export * from './system.ts';
export * from './users.ts';
export * from './people.ts';
