// A refusal the server explains field by field (API.md "Errors": issues with a path) is shown under
// those fields, as the form's own checks are; an issue about anything else stays with the form's alert.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { readApiError } from './api-error';

export function showFieldIssues<Fields extends FieldValues>(error: unknown, fieldNames: readonly FieldPath<Fields>[], setError: UseFormSetError<Fields>): void {
  for (const issue of readApiError(error).issues) {
    const field = fieldNames.find((name) => name === issue.path);
    if (field) setError(field, { message: issue.message });
  }
}

/** Whether a refusal is already shown under one of these fields (the form's alert then need not repeat it). */
export function isShownOnFields(error: unknown, fieldNames: readonly string[]): boolean {
  return Boolean(error) && readApiError(error).issues.some((issue) => fieldNames.includes(issue.path));
}
