// What drizzle sees as the SQLite connection: it sends each statement to the writer when the running
// code is inside one of the writer's transactions, else to the read-only reader, which sees only what
// was committed. A transaction awaits between its statements, and the requests served meanwhile must
// neither read what it has not committed yet nor write into it. Each statement is compiled once per
// connection and kept (drizzle asks for it by its text on every query).
import type Database from 'better-sqlite3';
import type { SqliteEngine } from './engine';
import { currentTransaction } from './transaction-scope';

/** Compiled statements kept per connection and text; the texts come from the code, so they are few. */
const KEPT = 2000;

class StatementsOf {
  private readonly kept = new Map<string, Database.Statement>();
  constructor(private readonly sqlite: Database.Database) {}

  get(text: string): Database.Statement {
    let statement = this.kept.get(text);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      this.kept.set(text, statement);
      if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    return statement;
  }
}

export interface SqliteRouter {
  prepare(text: string): RoutedStatement;
}

export function sqliteRouter(engine: Omit<SqliteEngine, 'close'>): SqliteRouter {
  const writer = new StatementsOf(engine.writer);
  const reader = new StatementsOf(engine.reader);
  const connectionNow = (): StatementsOf => (currentTransaction(engine as SqliteEngine) ? writer : reader);
  return { prepare: (text) => new RoutedStatement(text, connectionNow) };
}

type Params = unknown[];

/** One statement's text, run on whichever connection the moment calls for (drizzle calls these four). */
export class RoutedStatement {
  constructor(
    private readonly text: string,
    private readonly connectionNow: () => StatementsOf,
  ) {}

  private statement(): Database.Statement {
    return this.connectionNow().get(this.text);
  }

  run(...params: Params) {
    return this.statement().run(...params);
  }

  // A kept statement is shared by every query with its text: each use sets the row shape it wants.
  all(...params: Params) {
    return this.statement().raw(false).all(...params);
  }

  get(...params: Params) {
    return this.statement().raw(false).get(...params);
  }

  raw() {
    return {
      all: (...params: Params) => this.statement().raw(true).all(...params),
      get: (...params: Params) => this.statement().raw(true).get(...params),
    };
  }
}
