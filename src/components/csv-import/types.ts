import type { ReactNode } from 'react';
import type { ImportResult } from '../../../generated/api/types.gen';
import type { ColumnMapping, ImportFieldSpec, RowValue } from '../../lib/csv/mapping';

export interface CsvImportField<K extends string> extends ImportFieldSpec<K> {
  label: string;
}

type ImportRequestRow<K extends string> = Partial<Record<K, RowValue>> & { sourceLine: number };

export interface CsvImportDialogProps<K extends string> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  fields: readonly CsvImportField<K>[];
  /** Why the mapping cannot be imported (e.g. no name column), or null. */
  mappingProblem: (mapping: ColumnMapping<K>) => string | null;
  /** What identifies a row in the preview (a name). */
  describeRow: (values: Partial<Record<K, RowValue>>) => string;
  /** The dry run and the import. */
  send: (rows: ImportRequestRow<K>[], dryRun: boolean) => Promise<ImportResult>;
  onImported: (result: ImportResult) => void;
}
