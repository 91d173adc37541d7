// /api/docs: the REST API's reference, read from GET /api/openapi.json (which the server makes from
// its route table and schemas) and shown by area: method, path, who may call, parameters, body
// fields and answers. Served by the server at /api/docs as the app's own index.html, so it runs
// under the same Content-Security-Policy with nothing inline.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch';
import { Spinner } from '../components/spinner';
import { useDocumentTitle } from '../lib/use-document-title';
import './api-docs.css';
import { LoadFailed } from '../components/load-failed';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  description?: string;
}

interface Answer {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  'x-who'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Answer>;
}

interface Description {
  info: { title: string; description?: string };
  tags?: { name: string; description?: string }[];
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Answer>; schemas?: Record<string, Schema> };
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A schema in a few words: `Patient`, `string | null`, `"A" | "B"`, `Allergy[]`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return '—';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' | ');
  if (schema.allOf) return schema.allOf.map(typeOf).join(' & ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

/** The fields of an object body, or of each object in a union of forms. */
function fieldsOf(schema: Schema | undefined, components: Record<string, Schema>): { name: string; type: string; required: boolean }[] {
  if (!schema) return [];
  const resolved = schema.$ref ? components[refName(schema.$ref)] : schema;
  if (!resolved) return [];
  const forms = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (forms) {
    const seen = new Map<string, { name: string; type: string; required: boolean }>();
    for (const form of forms) for (const field of fieldsOf(form, components)) if (!seen.has(field.name)) seen.set(field.name, field);
    return [...seen.values()];
  }
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties ?? {}).map(([name, field]) => ({ name, type: typeOf(field), required: required.has(name) }));
}

function OperationCard({ method, path, operation, doc }: { method: string; path: string; operation: Operation; doc: Description }) {
  const { t } = useTranslation('common');
  const components = doc.components?.schemas ?? {};
  const base = doc.servers?.[0]?.url ?? '';
  const body = operation.requestBody?.content ?? {};
  const [bodyType, bodyContent] = Object.entries(body)[0] ?? [];
  const bodyFields = fieldsOf(bodyContent?.schema, components);
  const answers = Object.entries(operation.responses ?? {}).map(([status, answer]) => {
    const shared = answer.$ref ? doc.components?.responses?.[refName(answer.$ref)] : answer;
    const [contentType, content] = Object.entries(shared?.content ?? {})[0] ?? [];
    return { status, description: shared?.description ?? '', contentType, type: content?.schema ? typeOf(content.schema) : '' };
  });

  return (
    <article className="api-op" id={operation.operationId}>
      <h3 className="title-row api-op-title">
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>
        <code className="api-path">{`${base}${path}`}</code>
      </h3>
      {operation.summary && <p className="api-summary">{operation.summary}</p>}
      <p className="api-who">
        <strong>{t('apiDocs.who')}:</strong> {operation['x-who'] ?? '—'}
      </p>
      {operation.parameters?.length ? (
        <table className="api-table">
          <caption>{t('apiDocs.parameters')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('apiDocs.name')}</th>
              <th scope="col">{t('apiDocs.in')}</th>
              <th scope="col">{t('apiDocs.type')}</th>
              <th scope="col">{t('apiDocs.required')}</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}:${parameter.name}`}>
                <td>
                  <code>{parameter.name}</code>
                </td>
                <td>{parameter.in}</td>
                <td>
                  <code>{typeOf(parameter.schema)}</code>
                </td>
                <td>{parameter.required ? t('apiDocs.yes') : t('apiDocs.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {bodyType ? (
        <table className="api-table">
          <caption>
            {t('apiDocs.body')} <code>{bodyType}</code>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('apiDocs.field')}</th>
              <th scope="col">{t('apiDocs.type')}</th>
              <th scope="col">{t('apiDocs.required')}</th>
            </tr>
          </thead>
          <tbody>
            {bodyFields.map((field) => (
              <tr key={field.name}>
                <td>
                  <code>{field.name}</code>
                </td>
                <td>
                  <code>{field.type}</code>
                </td>
                <td>{field.required ? t('apiDocs.yes') : t('apiDocs.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <table className="api-table">
        <caption>{t('apiDocs.responses')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('apiDocs.status')}</th>
            <th scope="col">{t('apiDocs.description')}</th>
            <th scope="col">{t('apiDocs.type')}</th>
          </tr>
        </thead>
        <tbody>
          {answers.map((answer) => (
            <tr key={answer.status}>
              <td>{answer.status === 'default' ? t('apiDocs.otherStatus') : answer.status}</td>
              <td>{answer.description}</td>
              <td>{answer.type ? <code>{answer.type}</code> : answer.contentType ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

export function ApiDocsPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('titles.apiDocs'));
  const [doc, setDoc] = useState<Description | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/openapi.json', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Description>) : Promise.reject(new Error(String(response.status)))))
      .then(setDoc, (error: unknown) => {
        if (!controller.signal.aborted) setFailed(Boolean(error));
      });
    return () => controller.abort();
  }, []);

  const groups = doc
    ? (doc.tags ?? []).map((tag) => ({
        tag,
        operations: Object.entries(doc.paths).flatMap(([path, item]) =>
          Object.entries(item)
            .filter(([, operation]) => operation.tags?.includes(tag.name))
            .map(([method, operation]) => ({ path, method, operation })),
        ),
      }))
    : [];

  return (
    <main className="api-docs">
      <header className="api-docs-header">
        <div>
          <h1 className="page-title">{t('apiDocs.title')}</h1>
          <p className="page-subtitle">
            {t('apiDocs.intro')} <a href="/api/openapi.json">/api/openapi.json</a>
          </p>
        </div>
        <LanguageSwitch />
      </header>
      {failed && <LoadFailed message={t('apiDocs.loadFailed')} />}
      {!doc && !failed && <Spinner />}
      {doc && (
        <>
          <nav className="api-toc" aria-label={t('apiDocs.areas')}>
            <ul>
              {groups.map(({ tag }) => (
                <li key={tag.name}>
                  <a href={`#tag-${tag.name}`}>{tag.name}</a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(({ tag, operations }) => (
            <section key={tag.name} className="api-tag" aria-labelledby={`tag-${tag.name}`}>
              <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
              {tag.description && <p className="api-tag-description">{tag.description}</p>}
              {operations.map(({ path, method, operation }) => (
                <OperationCard key={`${method} ${path}`} method={method} path={path} operation={operation} doc={doc} />
              ))}
            </section>
          ))}
        </>
      )}
    </main>
  );
}
