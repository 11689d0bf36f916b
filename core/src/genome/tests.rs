use super::*;

use crate::rules::Category;

#[test]
fn genes_are_shown_as_the_bot_reads_them() {
    let shown = |i: usize, v: f64| GENES[i].shown(v);
    assert_eq!(shown(WP_PUT_AUCTIONS, 10.3739), "10");
    assert_eq!(
        shown(WP_PUT_AUCTIONS, 10.9947),
        "10",
        "at most: rounded down"
    );
    assert_eq!(shown(BID_READ_ZERO, 2.4731), "3", "at least: rounded up");
    assert_eq!(shown(WP_READ, 0.7638), "rules", "a choice: the nearest");
    assert_eq!(shown(WP_READ, 2.0), "scaled");
    assert_eq!(shown(WP_LAST_EXACT, 0.9892), "on");
    assert_eq!(shown(WP_FAST, 0.4999), "off");
    assert_eq!(shown(PRIO + 5, 3.35749), "3.357");
    assert_eq!(shown(BID_CAP, 98318.17), "98318");
    assert_eq!(shown(WP_READ_TOLERANCE, 0.6065), "0.607");
    assert_eq!(shown(WP_READ_TOLERANCE, 262.93), "262.9");
}

#[test]
fn discrete_genes_have_whole_bounds_and_defaults_that_decode_to_themselves() {
    for g in GENES.iter().filter(|g| g.kind != Kind::Real) {
        for v in [g.min, g.max, g.default] {
            assert_eq!(g.kind.decode(v), v, "{}", g.name);
        }
        match g.kind {
            Kind::Switch => assert_eq!((g.min, g.max), (0.0, 1.0), "{}", g.name),
            Kind::Choice(names) => {
                assert_eq!(
                    (g.min, g.max),
                    (0.0, names.len() as f64 - 1.0),
                    "{}",
                    g.name
                )
            }
            _ => {}
        }
    }
}

#[test]
fn a_fraction_decodes_as_the_bot_always_read_it() {
    let count = |r| Kind::Count(r);
    assert_eq!(count(Rounding::Down).decode(10.97), 10.0);
    assert_eq!(count(Rounding::Up).decode(2.03), 3.0);
    assert_eq!(count(Rounding::Nearest).decode(8.3164), 8.0);
    assert_eq!(Kind::Switch.decode(0.5), 1.0);
    assert_eq!(Kind::Switch.decode(0.4999), 0.0);
    assert_eq!(Kind::Choice(&field::READS).decode(0.6297), 1.0);
    assert_eq!(Kind::Real.decode(0.6297), 0.6297);
}

#[test]
fn every_mechanism_owns_a_gene_and_no_retired_name_is_a_gene() {
    for m in MECHANISMS {
        assert!(GENES.iter().any(|g| g.mechanism == m), "{}", m.name());
    }
    for name in RETIRED {
        assert_eq!(Genome::index_of(name), None, "{name}");
    }
}

#[test]
fn gene_table_is_consistent() {
    for (i, g) in GENES.iter().enumerate() {
        assert!(
            g.min < g.max && (g.min..=g.max).contains(&g.default),
            "{}",
            g.name
        );
        assert_eq!(Genome::index_of(g.name), Some(i), "names are unique");
        assert_eq!(gene_index(g.name), i);
    }
}

#[test]
fn every_category_gene_is_named_for_its_category() {
    for c in Category::ALL {
        let name = c.name().to_lowercase();
        assert_eq!(GENES[PRIO + c.index()].name, format!("prio_{name}"));
    }
}

#[test]
fn every_plan_field_reads_its_gene_by_the_genes_kind() {
    assert_eq!(table::misfits(), Vec::<&str>::new());
    // Each gene sits at its index constant, and each field reads its own
    // gene: a genome with one gene moved changes the plan in one place.
    assert_eq!(GENES[WP_LATE_POOL].name, "wp_late_pool");
    let mut g = Genome::default();
    g.genes[WP_LOOKAHEAD_POOL] = 12.0;
    g.genes[WP_READ] = 2.0;
    g.genes[BID_LEAD] = 0.5;
    g.genes[PRIO + Category::Yacht.index()] = -3.0;
    let (plan, default) = (plan::Plan::of(&g), plan::Plan::of(&Genome::default()));
    assert_eq!(plan.win.lookahead_pool, 12);
    assert_eq!(plan.win.read, plan::Read::Scaled);
    assert_eq!(plan.bid.lead, 0.5);
    assert_eq!(plan.value.priority[Category::Yacht.index()], -3.0);
    let put_back = plan::Plan {
        win: plan::WinPlan {
            lookahead_pool: default.win.lookahead_pool,
            read: default.win.read,
            ..plan.win.clone()
        },
        bid: plan::BidPlan {
            lead: default.bid.lead,
            ..plan.bid.clone()
        },
        value: plan::ValuePlan {
            priority: default.value.priority,
            ..plan.value.clone()
        },
    };
    assert_eq!(put_back, default);
}

#[test]
fn the_mechanisms_are_listed_and_named_in_the_docs_order() {
    let names: Vec<&str> = MECHANISMS.iter().map(|m| m.name()).collect();
    assert_eq!(
        names,
        [
            "value",
            "bonus-chase",
            "bid",
            "adapt-cap",
            "adapt-scale",
            "win-rounds",
            "estimate",
            "rollouts",
            "tables",
            "table-puts",
            "table-bids",
            "look-rolls",
            "look-auctions",
            "look-pool",
            "look-exact",
            "late-rolls",
            "late-auctions",
            "late-lookahead",
            "win-bids",
            "read",
            "read-scaled",
        ]
    );
    assert_eq!(MECHANISMS[0], Mechanism::Value);
    assert_eq!(MECHANISMS[20], Mechanism::ReadScaled);
}
