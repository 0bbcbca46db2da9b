/**
 * The kysely instance over a libSQL client, one definition for every `Db` (client.ts, a search's
 * budget, batched reads). Its SQL compiler gives kysely's text and parameters, made faster for the
 * statements the search builds: SQL templates (`sql`) nested in templates, hundreds of them a
 * statement, whose every node kysely's compiler visits through its generic dispatch. Such a
 * statement is written out directly; anything else (a query builder's node, a literal written into
 * the text) goes to kysely's compiler. A search compiles each statement it reads once and runs
 * what it compiled (search requestReads.server.ts `statementOf`): nothing is kept here.
 */
import {
  Kysely,
  SqliteQueryCompiler,
  type CompiledQuery,
  type OperationNode,
  type QueryId,
  type RawNode,
  type RootOperationNode,
  type ValueNode,
} from 'kysely';
import { LibsqlDialect } from '@libsql/kysely-libsql';
import type { Client } from '@libsql/client';
import type { Database } from './schema';

/** SQL text and its bound values, as written out so far. */
interface Written {
  sql: string;
  parameters: unknown[];
}

/**
 * Writes `node` out as kysely's compiler does (a template's fragments with its values between them,
 * each value bound as `?`); false at a node that is neither a template nor a bound value.
 */
function writeTemplate(node: OperationNode, out: Written): boolean {
  if (node.kind === 'ValueNode') {
    const value = node as ValueNode;
    if (value.immediate) return false;
    out.parameters.push(value.value);
    out.sql += '?';
    return true;
  }
  if (node.kind !== 'RawNode') return false;
  const { sqlFragments, parameters } = node as RawNode;
  for (let i = 0; i < sqlFragments.length; i++) {
    out.sql += sqlFragments[i];
    if (i < parameters.length && !writeTemplate(parameters[i]!, out)) return false;
  }
  return true;
}

class TemplateCompiler extends SqliteQueryCompiler {
  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    const out: Written = { sql: '', parameters: [] };
    return writeTemplate(node, out) ? Object.freeze({ query: node, queryId, sql: out.sql, parameters: out.parameters }) : super.compileQuery(node, queryId);
  }
}

class TemplateDialect extends LibsqlDialect {
  override createQueryCompiler() {
    return new TemplateCompiler();
  }
}

/** kysely over `client` (the search's statements compiled as above). */
export const kyselyOver = (client: Client): Kysely<Database> => new Kysely<Database>({ dialect: new TemplateDialect({ client: client as never }) });
