// OpenAPI takes two paths that differ only in their parameters' names for one path (and so does
// Fastify's router, which matches by position), yet the route table, as API.md, spells
// GET /patients/:id and PATCH /patients/:idPatient. The description files such operations under
// one path, spelled as the first of them, and renames each one's path parameters to match; the
// URLs a client calls are the same either way.
type Json = Record<string, unknown>;

const PARAMETER = /\{([^}]*)\}/g;

/** `/patients/{}`: a path with its parameters' names left out, the same for every spelling of it. */
export const pathShape = (path: string): string => path.replace(PARAMETER, '{}');

const parameterNames = (path: string): string[] => [...path.matchAll(PARAMETER)].map((match) => match[1]!);

/** The spelling already described for `path` among `described`, or `path` itself when it is new. */
export const spellingOf = (described: string[], path: string): string => described.find((known) => pathShape(known) === pathShape(path)) ?? path;

/** `operation` of `path` with its path parameters named as in `spelling`, position by position. */
export function respelled(operation: Json, path: string, spelling: string): Json {
  if (path === spelling || !Array.isArray(operation.parameters)) return operation;
  const from = parameterNames(path);
  const to = parameterNames(spelling);
  const parameters = (operation.parameters as Json[]).map((parameter) =>
    parameter.in === 'path' && from.includes(parameter.name as string) ? { ...parameter, name: to[from.indexOf(parameter.name as string)] } : parameter,
  );
  return { ...operation, parameters };
}
