import { httpFault } from './faults.ts';

export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
  page: number;
}

/** `totalPages` is 0 when nothing matches; a page past the end is empty, not an error. */
export function paginate<T>(all: readonly T[], page: number, limit: number): Page<T> {
  const start = (page - 1) * limit;
  return {
    items: start < all.length ? all.slice(start, start + limit) : [],
    total: all.length,
    totalPages: (httpFault('http.total-pages-floor') ? Math.floor : Math.ceil)(all.length / limit),
    page,
  };
}
