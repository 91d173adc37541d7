import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The diagnosis catalog (CIE-10 in Spanish, ICD-10 names in English where the code has one), loaded
 * from the data files under data/catalog by its own loader (services/diagnosis-catalog-loader.ts),
 * never typed into code. A full-text table over the names (diagnoses_fts, migration 0011, FTS5 with
 * remove_diacritics) finds "hipertension" as "Hipertensión".
 */
export const diagnoses = sqliteTable(
  'diagnoses',
  {
    /** As written in the catalog, with its dot: E11.9, I10. */
    code: text('code').primaryKey(),
    /** The code without its dot, upper case (E119): a typed code matches with or without the dot. */
    compact: text('compact').notNull(),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en'),
    /**
     * How many of this practice's appointments carry the code in their diagnoses: the search raises
     * the codes a practice writes often. Kept by triggers on clinical_histories (migration 0021) and
     * counted again by the loader when it reloads the catalog; a column of the row the search reads
     * anyway, so ranking by it costs nothing per matched name.
     */
    uses: integer('uses').notNull().default(0),
  },
  (t) => [index('diagnoses_compact_idx').on(t.compact)],
);

/** Which version of each catalog file is loaded, so the loader reloads only when the data changed. */
export const catalogVersions = sqliteTable('catalog_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  loadedAt: text('loaded_at').notNull(),
});

