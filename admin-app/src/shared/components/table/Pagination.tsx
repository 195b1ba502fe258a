import { useId, useState, type KeyboardEvent } from 'react';
import { __, _n, sprintf } from '@wordpress/i18n';

interface PaginationProps {
	page: number;
	totalPages: number;
	totalItems: number;
	onChange: ( page: number ) => void;
	/** The accessible name of the controls, e.g. 'Top pagination'. */
	label: string;
}

function PageButton( {
	label,
	symbol,
	className,
	disabled,
	onClick,
}: {
	label: string;
	symbol: string;
	className: string;
	disabled: boolean;
	onClick: () => void;
} ) {
	return (
		<button
			type="button"
			className={ `button ${ className }` }
			disabled={ disabled }
			onClick={ onClick }
		>
			<span className="screen-reader-text">{ label }</span>
			<span aria-hidden="true">{ symbol }</span>
		</button>
	);
}

/**
 * The page number box: what is typed is only a draft until Enter; leaving the box or
 * typing a page that does not exist puts the current page back.
 */
function PageInput( {
	page,
	totalPages,
	onChange,
}: Pick< PaginationProps, 'page' | 'totalPages' | 'onChange' > ) {
	const id = useId();
	const [ draft, setDraft ] = useState( String( page ) );

	const onKeyDown = ( event: KeyboardEvent< HTMLInputElement > ) => {
		if ( event.key !== 'Enter' ) {
			return;
		}
		event.preventDefault();
		const typed = draft.trim();
		const next = /^\d+$/.test( typed ) ? Number( typed ) : NaN;
		if ( next >= 1 && next <= totalPages && next !== page ) {
			onChange( next );
		} else {
			setDraft( String( page ) );
		}
	};

	return (
		<span className="paging-input">
			<label htmlFor={ id } className="screen-reader-text">
				{ __( 'Current Page', 'userfeedback' ) }
			</label>
			<input
				id={ id }
				className="current-page"
				type="text"
				inputMode="numeric"
				size={ Math.max( 1, String( totalPages ).length ) }
				value={ draft }
				onChange={ ( event ) => setDraft( event.target.value ) }
				onKeyDown={ onKeyDown }
				onBlur={ () => setDraft( String( page ) ) }
				aria-describedby={ `${ id }-total` }
			/>
			<span className="tablenav-paging-text" id={ `${ id }-total` }>
				{ sprintf(
					/* translators: %s: number of pages. */
					__( 'of %s', 'userfeedback' ),
					totalPages.toLocaleString()
				) }
			</span>
		</span>
	);
}

/**
 * WordPress list-table pagination: total items, then first, previous, the page box,
 * next and last. The controls hide when everything fits on one page.
 */
export function Pagination( {
	page,
	totalPages,
	totalItems,
	onChange,
	label,
}: PaginationProps ) {
	const isFirst = page <= 1;
	const isLast = page >= totalPages;
	return (
		<div className="tablenav-pages userfeedback-table__pagination">
			<span className="displaying-num">
				{ sprintf(
					/* translators: %s: number of items. */
					_n( '%s item', '%s items', totalItems, 'userfeedback' ),
					totalItems.toLocaleString()
				) }
			</span>
			{ totalPages > 1 && (
				<nav className="pagination-links" aria-label={ label }>
					<PageButton
						className="first-page"
						label={ __( 'First page', 'userfeedback' ) }
						symbol="«"
						disabled={ isFirst }
						onClick={ () => onChange( 1 ) }
					/>{ ' ' }
					<PageButton
						className="prev-page"
						label={ __( 'Previous page', 'userfeedback' ) }
						symbol="‹"
						disabled={ isFirst }
						onClick={ () => onChange( Math.max( 1, page - 1 ) ) }
					/>{ ' ' }
					<PageInput
						// A new page starts a new draft.
						key={ page }
						page={ page }
						totalPages={ totalPages }
						onChange={ onChange }
					/>{ ' ' }
					<PageButton
						className="next-page"
						label={ __( 'Next page', 'userfeedback' ) }
						symbol="›"
						disabled={ isLast }
						onClick={ () =>
							onChange( Math.min( totalPages, page + 1 ) )
						}
					/>{ ' ' }
					<PageButton
						className="last-page"
						label={ __( 'Last page', 'userfeedback' ) }
						symbol="»"
						disabled={ isLast }
						onClick={ () => onChange( totalPages ) }
					/>
				</nav>
			) }
		</div>
	);
}
