import { NavLink } from 'react-router-dom';

export interface Tab {
	/** Route path relative to the layout, e.g. 'general'. */
	to: string;
	label: string;
}

/** Route tabs in the style of WordPress's nav-tab-wrapper; NavLink sets aria-current. */
export function TabNav( { tabs, label }: { tabs: Tab[]; label: string } ) {
	return (
		<nav className="nav-tab-wrapper userfeedback-tabs" aria-label={ label }>
			{ tabs.map( ( tab ) => (
				<NavLink
					key={ tab.to }
					to={ tab.to }
					end={ tab.to === '' || tab.to === '.' }
					className={ ( { isActive } ) =>
						isActive ? 'nav-tab nav-tab-active' : 'nav-tab'
					}
				>
					{ tab.label }
				</NavLink>
			) ) }
		</nav>
	);
}
