/**
 * The radio feature's query keys. They belong with the rest in
 * src/lib/query-keys.ts; they live here until that file takes them.
 */
export const radioKeys = {
  all: ['radio'] as const,
  list: () => [...radioKeys.all, 'list'] as const,
};
