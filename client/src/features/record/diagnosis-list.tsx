// An appointment's diagnoses as the record reads them: each catalog code, then its name.
import type { Diagnosis } from '../../../../shared/catalog';

export function DiagnosisList({ diagnoses }: { diagnoses: readonly Diagnosis[] }) {
  return (
    <ul className="appointment-note__list">
      {diagnoses.map((diagnosis) => (
        <li key={diagnosis.code}>
          <span className="diagnosis-chip__code">{diagnosis.code}</span> {diagnosis.name}
        </li>
      ))}
    </ul>
  );
}
