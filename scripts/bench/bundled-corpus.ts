/**
 * The `--sizes` token of the bundled corpus. It is a name, not a count: it stands for every record of
 * content/records, however many there are, and each report names the count it measured.
 */
export const BUNDLED_SIZE = 355;

/** How the help of every bench names that token, so no help text states a count that drifts from the corpus. */
export const BUNDLED_SIZE_HELP = `${BUNDLED_SIZE} stands for the bundled corpus (content/records, whatever its count: the report names it); other sizes are synthetic corpora generated under bench/tmp/`;
