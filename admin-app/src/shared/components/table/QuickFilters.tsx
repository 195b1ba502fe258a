import type { QuickFilter } from './types';

/**
 * The status links above a WordPress list table: "All (3) | Published (1) | ...".
 * They change the view in place, so they are buttons that look like the links.
 */
export function QuickFilters( {
	filters,
	current,
	onSelect,
	label,
}: {
	filters: QuickFilter[];
	/** The view's filters, to mark the current link. */
	current: Record< string, string >;
	onSelect: ( filter: QuickFilter ) => void;
	/** The accessible name of the list, e.g. 'Filter surveys by status'. */
	label: string;
} ) {
	return (
		<ul
			className="subsubsub userfeedback-table__filters"
			aria-label={ label }
		>
			{ filters.map( ( filter, index ) => {
				const isCurrent = current[ filter.attribute ] === filter.value;
				return (
					<li key={ `${ filter.attribute }:${ filter.value }` }>
						<button
							type="button"
							className={
								isCurrent
									? 'userfeedback-table__filter current'
									: 'userfeedback-table__filter'
							}
							aria-current={ isCurrent ? 'true' : undefined }
							onClick={ () => onSelect( filter ) }
						>
							{ filter.label }
							{ filter.count !== undefined && (
								<>
									{ ' ' }
									<span className="count">
										({ filter.count.toLocaleString() })
									</span>
								</>
							) }
						</button>
						{ index < filters.length - 1 && (
							<span
								className="userfeedback-table__separator"
								aria-hidden="true"
							>
								{ ' | ' }
							</span>
						) }
					</li>
				);
			} ) }
		</ul>
	);
}
