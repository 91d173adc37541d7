// Finding a doctor to link to (SPEC §2 "My doctor", §5 "Search"). The search runs on Enter or the
// search button, not while typing; an empty query clears the results without a call. A failed
// search is logged and reads as no results (SPEC §8); searching the same text again asks again, so
// a failure can be retried and a doctor approved meanwhile is found.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../components/search-form';
import { SearchResultsList } from '../../components/search-results-list';
import { trpc } from '../../lib/trpc';
import type { Doctor } from '../../lib/api-types';

interface DoctorSearchProps {
  id?: string;
  linkedIds: Set<number>;
  linking: boolean;
  onLink: (doctor: Doctor) => Promise<boolean>;
}

export function DoctorSearch({ id, linkedIds, linking, onLink }: DoctorSearchProps) {
  const { t } = useTranslation('dashboard');
  const resultsId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const search = trpc.medics.searchDoctors.useQuery({ q: term }, { enabled: term !== '', staleTime: 0 });
  useEffect(() => {
    if (search.error) console.error('Doctor search failed', search.error);
  }, [search.error]);

  const link = async (doctor: Doctor) => {
    if (linking) return;
    if (await onLink(doctor)) {
      setText('');
      setTerm('');
    }
  };

  return (
    <div id={id} className="doctor-search">
      <SearchForm
        label={t('doctors.searchLabel')}
        buttonLabel={t('doctors.search')}
        placeholder={t('doctors.searchPlaceholder')}
        resultsId={resultsId}
        value={text}
        onChange={setText}
        onSubmit={() => {
          const trimmed = text.trim();
          if (trimmed !== '' && trimmed === term) void search.refetch();
          else setTerm(trimmed);
        }}
      />
      <SearchResultsList
        id={resultsId}
        className="doctor-search__results"
        noteClassName="doctor-search__note"
        term={term}
        search={search}
        keyOf={(doctor) => doctor.idMedic}
        detailOf={(doctor) => doctor.about}
        isLinked={(doctor) => linkedIds.has(doctor.idMedic)}
        linking={linking}
        onLink={(doctor) => void link(doctor)}
        texts={{
          searching: t('doctors.searching'),
          noResults: t('doctors.noResults'),
          resultsLabel: t('doctors.resultsLabel'),
          alreadyLinked: t('doctors.alreadyLinked'),
          link: t('doctors.link'),
          linkNamed: (name) => t('doctors.linkNamed', { name }),
        }}
      />
    </div>
  );
}
