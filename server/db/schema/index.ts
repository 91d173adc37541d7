// drizzle-kit and the database client read the whole schema from here.
export * from './users';
export * from './lookups';
export * from './patients';
export * from './record';
export * from './audit';
export * from './access';
export * from './health';
export * from './catalog';
export * from './prescriptions';
export * from './second-factor';
export * from './request-cache';
export * from './sign-in';
export * from './document-blobs';
