/**
 * English function words left out of the retrieval index and of queries. They occur in nearly
 * every chunk, so they rank nothing and only make every query touch every chunk (about half of the
 * words of English prose are among these). Lucene's classic English stop set, widened with the
 * pronouns, auxiliaries and connectives of the most frequent English words.
 */
// prettier-ignore
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // Lucene's English stop set
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no',
  'not', 'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this',
  'to', 'was', 'will', 'with',
  // pronouns and determiners
  'i', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'he', 'him', 'his', 'she', 'her', 'its', 'them',
  'those', 'what', 'which', 'who', 'whom', 'whose', 'some', 'any', 'each', 'every', 'all', 'both',
  // auxiliaries
  'am', 'been', 'being', 'were', 'have', 'has', 'had', 'do', 'does', 'did', 'would', 'should', 'could',
  'can', 'may', 'might', 'must', 'shall',
  // prepositions and connectives
  'about', 'above', 'after', 'again', 'against', 'before', 'below', 'between', 'during', 'from',
  'further', 'here', 'how', 'nor', 'off', 'once', 'only', 'other', 'out', 'over', 'own', 'same', 'so',
  'than', 'through', 'too', 'under', 'until', 'up', 'very', 'when', 'where', 'while', 'why', 'also',
]);
