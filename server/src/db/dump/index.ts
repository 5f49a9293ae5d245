/** Site dumps in a database-neutral format (see README.md): agora dump / agora restore. */
export { COUNTER_COLUMNS, SEQUENCE_TABLE } from './counters';
export { writeDump, type DumpOptions, type DumpSummary } from './dump';
export {
  currentAppVersion,
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  DumpFormatError,
  type DumpHeader,
  type DumpTable,
  type DumpValue,
} from './format';
export { EXCLUDED_TABLES, siteTables, type ColumnKind, type TableInfo } from './introspect';
export { loadDump, openDump, rowCounts, type DumpReader, type LoadOptions, type LoadSummary } from './restore';
