// Global set-up of the server-postgres project: one database migrated from drizzle/postgres, which
// every test's database is then copied from (CREATE DATABASE … TEMPLATE, far quicker than migrating
// each). Named after this run's process, so two runs on one cluster never share it; dropped at the end.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../db/postgres/migrate';
import { freshPostgresDatabase } from './postgres-database';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await freshPostgresDatabase({ name: `expediente_template_${process.pid}` });
  const pool = new pg.Pool({ connectionString: template.url });
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database of this run's server-postgres project. */
    postgresTemplate: string;
  }
}
