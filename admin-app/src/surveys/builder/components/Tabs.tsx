/**
 * Controlled tabs (WAI-ARIA tabs pattern, arrow keys move between tabs). The
 * builder keeps each question card's tab in its store, which the core TabPanel of
 * WordPress 6.6 cannot be told.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem< K extends string > {
	key: K;
	label: ReactNode;
}

export function Tabs< K extends string >( {
	id,
	label,
	tabs,
	selected,
	onSelect,
	children,
}: {
	/** Unique prefix for the tab and panel ids. */
	id: string;
	label: string;
	tabs: TabItem< K >[];
	selected: K;
	onSelect: ( key: K ) => void;
	/** The selected tab's panel. */
	children: ReactNode;
} ) {
	const list = useRef< HTMLDivElement >( null );
	const onKeyDown = ( event: KeyboardEvent ) => {
		const index = tabs.findIndex( ( tab ) => tab.key === selected );
		let next = -1;
		if ( event.key === 'ArrowRight' ) {
			next = ( index + 1 ) % tabs.length;
		} else if ( event.key === 'ArrowLeft' ) {
			next = ( index - 1 + tabs.length ) % tabs.length;
		} else if ( event.key === 'Home' ) {
			next = 0;
		} else if ( event.key === 'End' ) {
			next = tabs.length - 1;
		}
		if ( next >= 0 ) {
			event.preventDefault();
			onSelect( tabs[ next ].key );
			list.current
				?.querySelectorAll< HTMLButtonElement >( '[role="tab"]' )
				[ next ]?.focus();
		}
	};
	return (
		<div className="userfeedback-tabs-panel">
			<div
				ref={ list }
				role="tablist"
				aria-label={ label }
				className="userfeedback-tabs-panel__list"
			>
				{ tabs.map( ( tab ) => (
					<button
						key={ tab.key }
						type="button"
						role="tab"
						id={ `${ id }-tab-${ tab.key }` }
						aria-selected={ tab.key === selected }
						aria-controls={ `${ id }-panel` }
						tabIndex={ tab.key === selected ? 0 : -1 }
						className={ `userfeedback-tabs-panel__tab${
							tab.key === selected ? ' is-active' : ''
						}` }
						onClick={ () => onSelect( tab.key ) }
						onKeyDown={ onKeyDown }
					>
						{ tab.label }
					</button>
				) ) }
			</div>
			<div
				role="tabpanel"
				id={ `${ id }-panel` }
				aria-labelledby={ `${ id }-tab-${ selected }` }
				className="userfeedback-tabs-panel__panel"
			>
				{ children }
			</div>
		</div>
	);
}
