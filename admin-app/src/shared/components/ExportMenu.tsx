/**
 * The export controls of the results screens: a button that opens a menu of export
 * links (each a link to the export page, which answers with the file), and the gate
 * that replaces a control with a disabled button when the export feature is locked.
 */
import { useId, type ReactNode } from 'react';
import {
	Button,
	Dropdown,
	NavigableMenu,
	Tooltip,
} from '@wordpress/components';

import { useFeature } from '../gating';
import { useGateMessage } from './GateMessage';

export interface ExportEntry {
	label: string;
	href: string;
}

/**
 * A secondary button that opens a popover below its end.
 *
 * @param props           The dropdown's props.
 * @param props.label     Button text.
 * @param props.className The dropdown's class.
 * @param props.children  The popover's content, given the function that closes it.
 */
export function ExportDropdown( {
	label,
	className,
	children,
}: {
	label: string;
	className: string;
	children: ( close: () => void ) => ReactNode;
} ) {
	return (
		<Dropdown
			className={ className }
			popoverProps={ { placement: 'bottom-end' } }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					variant="secondary"
					onClick={ onToggle }
					aria-expanded={ isOpen }
					aria-haspopup="true"
				>
					{ label }
				</Button>
			) }
			renderContent={ ( { onClose } ) => children( onClose ) }
		/>
	);
}

/**
 * A button that opens a menu of export links; a click on one closes the menu.
 *
 * @param props               The menu's props.
 * @param props.label         Button text.
 * @param props.menuLabel     The menu's accessible name, e.g. 'Export all responses'.
 * @param props.entries       The links, in order.
 * @param props.className     The dropdown's class.
 * @param props.menuClassName The menu's class.
 */
export function ExportMenu( {
	label,
	menuLabel,
	entries,
	className,
	menuClassName,
}: {
	label: string;
	menuLabel: string;
	entries: ExportEntry[];
	className: string;
	menuClassName: string;
} ) {
	return (
		<ExportDropdown label={ label } className={ className }>
			{ ( close ) => (
				<NavigableMenu
					role="menu"
					aria-label={ menuLabel }
					className={ menuClassName }
				>
					{ entries.map( ( entry ) => (
						<Button
							key={ entry.href }
							role="menuitem"
							className="components-menu-item__button"
							href={ entry.href }
							onClick={ close }
						>
							{ entry.label }
						</Button>
					) ) }
				</NavigableMenu>
			) }
		</ExportDropdown>
	);
}

/**
 * A control the export feature locks: disabled, with the reason as its tooltip and
 * description (spec 2, section 6).
 *
 * @param props           The gate's props.
 * @param props.label     Button text.
 * @param props.medium    Where the upgrade prompt comes from (the upgrade link's medium).
 * @param props.className The locked control's class.
 * @param props.children  The unlocked control.
 */
export function ExportGate( {
	label,
	medium,
	className,
	children,
}: {
	label: string;
	medium: string;
	className: string;
	children: ReactNode;
} ) {
	const gate = useFeature( 'export' );
	const message = useGateMessage( gate, medium );
	const id = useId();
	if ( ! message ) {
		return <>{ children }</>;
	}
	return (
		<span className={ className }>
			<Tooltip text={ message.text }>
				{ /* A disabled button gets no pointer or focus events: the wrapper takes them for the tooltip. */ }
				<span tabIndex={ 0 } aria-describedby={ id }>
					<Button variant="secondary" disabled>
						{ label }
					</Button>
				</span>
			</Tooltip>
			<span id={ id } className="screen-reader-text">
				{ message.text }
			</span>
		</span>
	);
}
