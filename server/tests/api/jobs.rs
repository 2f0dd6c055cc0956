//! Background work runs once across server instances: a job is claimed from the table
//! before it runs (decision 018).

use entities::job;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use time::{Duration, OffsetDateTime};
use vetrina::services::jobs;

use crate::helpers::spawn_app;

#[tokio::test]
async fn a_due_job_is_claimed_by_one_instance_only_and_taken_over_when_its_lease_lapses() {
    let app = spawn_app().await;
    // Four more "instances": pools of their own on the same database.
    let mut instances = vec![app.db.clone()];
    for _ in 0..4 {
        instances.push(
            vetrina::db::connect(&app.state.config.database_url)
                .await
                .unwrap(),
        );
    }
    let now = OffsetDateTime::now_utc();
    vetrina::jobs::schedule(&app.db, "sync", "7", now - Duration::seconds(1))
        .await
        .unwrap();
    vetrina::jobs::schedule(&app.db, "sync", "8", now + Duration::hours(1))
        .await
        .unwrap();

    let claims = futures::future::join_all(instances.iter().flat_map(|db| {
        (0..4).map(move |_| async move {
            vetrina::jobs::claim_next(db, vetrina::jobs::LEASE)
                .await
                .unwrap()
        })
    }))
    .await;
    let won: Vec<_> = claims.into_iter().flatten().collect();
    assert_eq!(won.len(), 1, "20 claims, one winner: {won:?}");
    assert_eq!((won[0].kind.as_str(), won[0].key.as_str()), ("sync", "7"));
    // Leased: nobody else gets it; the other job is not due.
    assert!(
        vetrina::jobs::claim_next(&instances[3], vetrina::jobs::LEASE)
            .await
            .unwrap()
            .is_none()
    );

    // The instance died: once the lease lapses another one takes the job over.
    job::Entity::update_many()
        .col_expr(
            job::Column::LockedUntil,
            Expr::value(Some(now - Duration::minutes(1))),
        )
        .filter(job::Column::Id.eq(won[0].id))
        .exec(&app.db)
        .await
        .unwrap();
    let again = vetrina::jobs::claim_next(&instances[2], vetrina::jobs::LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.id, won[0].id);
    let row = job::Entity::find_by_id(again.id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.attempts, 2);

    // Finished with a next run: free, due later, attempts reset.
    vetrina::jobs::finish(&app.db, &again, Some(now + Duration::hours(1)), None)
        .await
        .unwrap();
    assert!(vetrina::jobs::claim_next(&app.db, vetrina::jobs::LEASE)
        .await
        .unwrap()
        .is_none());
    let row = job::Entity::find_by_id(again.id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.attempts, row.locked_until), (0, None));

    // Scheduling again keeps the earlier of two times.
    vetrina::jobs::schedule(&app.db, "sync", "8", now - Duration::seconds(5))
        .await
        .unwrap();
    vetrina::jobs::schedule(&app.db, "sync", "8", now + Duration::days(1))
        .await
        .unwrap();
    let next = vetrina::jobs::claim_next(&app.db, vetrina::jobs::LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(next.key, "8");
}

#[tokio::test]
async fn housekeeping_runs_once_however_many_instances_tick() {
    let app = spawn_app().await;
    vetrina::jobs::schedule(&app.db, jobs::HOUSEKEEPING, "", OffsetDateTime::now_utc())
        .await
        .unwrap();
    let runs = futures::future::join_all((0..6).map(|_| jobs::run_due(&app.state))).await;
    let total: usize = runs.into_iter().map(Result::unwrap).sum();
    assert_eq!(total, 1);
    let row = job::Entity::find().one(&app.db).await.unwrap().unwrap();
    assert!(
        row.run_at > OffsetDateTime::now_utc() + Duration::minutes(50),
        "next run in an hour"
    );
    assert_eq!((row.locked_until, row.last_error), (None, None));
}
