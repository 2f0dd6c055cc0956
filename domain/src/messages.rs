//! Every Italian text the server sends, in one place; docs/product/errors.md lists them all
//! (a test of this crate fails when one is missing there).

pub const INTERNAL: &str = "Si è verificato un errore. Riprova più tardi.";
pub const INVALID_INPUT: &str = "Dati non validi.";
pub const INVALID_JSON: &str = "Richiesta non valida: il corpo deve essere JSON valido.";
pub const BODY_TOO_LARGE: &str = "Richiesta troppo grande.";
pub const FOREIGN_ORIGIN: &str = "Richiesta non consentita da un'altra origine.";
/// Every render thread busy and the render queue full (the page itself is plain HTML).
pub const PAGES_BUSY: &str = "Pagina momentaneamente non disponibile. Riprova tra qualche istante.";
/// The disk under the database or the media is full: nothing was written (507).
pub const DISK_FULL: &str = "Spazio su disco esaurito sul server: riprova più tardi";
/// The database does not answer (503 with `Retry-After`).
pub const DATABASE_UNAVAILABLE: &str =
    "Servizio momentaneamente non disponibile: riprova tra qualche istante.";

// Session and login (docs/product/validation.md, errors.md).
pub const NOT_LOGGED_IN: &str = "Sessione scaduta o non valida";
pub const BAD_CREDENTIALS: &str = "Credenziali non valide";
pub const LOGIN_FIELDS_REQUIRED: &str = "Inserisci email e password";
pub const TOO_MANY_LOGINS: &str = "Troppi tentativi di accesso. Riprova tra qualche minuto.";
/// Too many password checks at once (a flood of logins, registrations or resets).
pub const PASSWORD_CHECKS_BUSY: &str =
    "Il server è molto occupato in questo momento. Riprova tra qualche secondo.";
pub const NO_STORE: &str = "Nessun negozio selezionato";

// Registration and shop settings (docs/product/validation.md).
pub const STORE_NAME_SHORT: &str = "Il nome del negozio deve avere almeno 2 caratteri.";
pub const DESCRIPTION_SHORT: &str = "La descrizione deve avere almeno 10 caratteri.";
pub const POSTAL_CODE_INVALID: &str = "Inserisci un CAP valido di 5 cifre.";
pub const CITY_REQUIRED: &str = "La città è obbligatoria e viene determinata dal CAP.";
pub const ADDRESS_SHORT: &str = "L'indirizzo (via e numero) deve avere almeno 5 caratteri.";
pub const WEBSITE_INVALID: &str = "Inserisci un URL valido.";
pub const TELEPHONE_INVALID: &str = "Inserisci un numero di telefono valido.";
pub const EMAIL_INVALID: &str = "Inserisci un indirizzo email valido.";
pub const PASSWORD_SHORT: &str = "La password deve avere almeno 8 caratteri.";
pub const PASSWORD_UPPERCASE: &str = "La password deve contenere almeno una lettera maiuscola.";
pub const PASSWORD_LOWERCASE: &str = "La password deve contenere almeno una lettera minuscola.";
pub const PASSWORD_DIGIT: &str = "La password deve contenere almeno un numero.";
pub const PASSWORD_SPECIAL: &str = "La password deve contenere almeno un carattere speciale.";
pub const EMAIL_TAKEN: &str = "Esiste già un account con questa email.";
pub const STORE_NOT_FOUND: &str = "Negozio non trovato.";
pub const TOO_LONG: &str = "Il testo inserito è troppo lungo.";

// Plans and trial (docs/product/states.md, errors.md, limits.md).
pub const TRIAL_ALREADY_USED: &str =
    "Hai già utilizzato la tua prova gratuita. Contatta il supporto o sottoscrivi un piano a pagamento.";
pub const TRIAL_PLAN_INVALID: &str =
    "La prova gratuita è disponibile solo per i piani Avanzato e Pro.";
pub const TRIAL_ONLY_FROM_FREE: &str =
    "La prova gratuita è disponibile solo per i negozi con piano Base.";

pub fn product_limit_reached(limit: u64) -> String {
    format!(
        "Hai raggiunto il limite di {limit} prodotti del tuo piano. Elimina qualche prodotto o passa a un piano superiore."
    )
}

pub fn import_limit_reached(limit: u32) -> String {
    format!(
        "Hai raggiunto il limite di {limit} importazioni mensili del tuo piano. Potrai importare di nuovo il mese prossimo o passando a un piano superiore."
    )
}

// Import (docs/product/errors.md).
pub const IMPORT_FILE_MISSING: &str = "Nessun file ricevuto: scegli un file CSV o Excel.";
pub const IMPORT_FILE_TOO_LARGE: &str =
    "Il file è troppo grande: il massimo è 50 MB. Dividi il listino in più file.";
pub const IMPORT_MAPPING_INVALID: &str = "La corrispondenza delle colonne non è valida.";
pub const IMPORT_CANCELLED: &str = "Elaborazione interrotta";
pub const IMPORT_BUSY: &str =
    "Stiamo elaborando altri listini in questo momento: riprova tra qualche secondo.";
pub const IMPORT_EXPIRED: &str =
    "L'elaborazione è scaduta o non è più disponibile: carica ed elabora di nuovo il file.";
pub const IMPORT_NOTHING: &str = "Nessun prodotto valido da importare.";
pub const IMPORT_ALREADY_CLAIMED: &str = "Importazione già in corso o completata";

// Products (docs/product/validation.md, 8).
pub const PRODUCT_NAME_REQUIRED: &str = "Il nome del prodotto è obbligatorio";
pub const PRODUCT_NOT_FOUND: &str = "Prodotto non trovato";
pub const PRICE_INVALID: &str = "Il prezzo deve essere un numero maggiore o uguale a 0.";
pub const STATUS_INVALID: &str = "Stato del prodotto non valido.";
pub const FILTER_INVALID: &str = "Filtro non valido.";
pub const FILTER_OWNER_ONLY: &str = "Filtro disponibile solo per il proprietario del negozio.";
pub const SORT_INVALID: &str = "Ordinamento non valido.";
pub const PAGE_INVALID: &str = "Numero di pagina non valido.";
pub const PER_PAGE_INVALID: &str = "Numero di prodotti per pagina non valido (da 1 a 100).";
pub const NOTHING_TO_DELETE: &str = "Nessun prodotto da eliminare";
pub const BULK_DELETE_TARGET: &str =
    "Indica i prodotti da eliminare: un elenco di id oppure uno stato (all, uncertain, incorrect).";

// Catalogue export (docs/product/entities.md, "CSV export"; section 8).
pub const NOTHING_TO_EXPORT: &str = "Nessun prodotto da esportare";
pub const EXPORT_IN_PROGRESS: &str =
    "È già in corso un'esportazione del catalogo. Attendi che finisca e riprova.";

// Postal codes and leads.
pub const CAP_NOT_FOUND: &str = "Nessuna città trovata per questo CAP.";
pub const POSITION_OUTSIDE_ITALY: &str =
    "La posizione deve essere in Italia: latitudine tra 35 e 47,5, longitudine tra 6 e 19 (per esempio 45.4642, 9.1900).";
pub const CAP_UNAVAILABLE: &str = "Impossibile verificare il CAP";
pub const FIELD_REQUIRED: &str = "Campo obbligatorio.";

// The Pro report (docs/product/limits.md).
pub const ANALYTICS_PLAN: &str =
    "Il report di analisi dei dati è incluso nei piani Pro e Business. Passa a Pro per vedere visite, ricerche e passaggi di Google.";
pub const ANALYTICS_DAYS_INVALID: &str = "Periodo non valido: indica da 1 a 365 giorni.";

// Search across every shop ("Chi ce l'ha vicino a me").
pub const NEARBY_QUERY_REQUIRED: &str = "Scrivi il prodotto che cerchi.";
pub const NEARBY_PAGE_INVALID: &str = "Numero di pagina non valido (da 1 a 20).";
pub const NEARBY_BUSY: &str =
    "Troppe ricerche in corso in questo momento: riprova tra qualche secondo.";

// E-mail verification, resend, password reset (docs/product/states.md, validation.md, errors.md).
pub const MAIL_VERIFY_SUBJECT: &str = "Conferma il tuo indirizzo email - Vetrina";
pub const MAIL_RESET_SUBJECT: &str = "Reimposta la tua password - Vetrina";
pub const MAIL_SYNC_FAILED_SUBJECT: &str = "Sincronizzazione del listino non riuscita - Vetrina";
pub const SYNC_URL_INVALID: &str =
    "Inserisci l'indirizzo completo del listino (http:// o https://), ad esempio https://www.mionegozio.it/listino.csv";
pub const SYNC_URL_MISSING: &str = "Imposta prima l'indirizzo del listino.";
pub const SYNC_NO_MAPPING: &str = "Le colonne del file non corrispondono a un'importazione confermata: importa una volta il file dalla procedura guidata, poi la sincronizzazione userà le stesse colonne.";
pub const SYNC_NO_PRODUCTS: &str =
    "Il file non contiene prodotti validi: il catalogo non è stato modificato.";
pub const SYNC_TOO_MANY_MISSING: &str = "Più della metà dei tuoi prodotti con codice non è nel file: sincronizzazione fermata per sicurezza, il catalogo non è stato modificato. Controlla che il file sia completo.";
pub const EMAIL_NOT_VERIFIED: &str = "Devi confermare il tuo indirizzo email prima di accedere. \
    Controlla la tua casella di posta oppure richiedi una nuova email di verifica.";
pub const VERIFY_TOKEN_MISSING: &str = "Token di verifica mancante o non valido.";
pub const VERIFY_TOKEN_INVALID: &str =
    "Il link di verifica non è valido o è scaduto. Richiedi una nuova email di verifica.";
pub const EMAIL_VERIFIED: &str = "Email verificata con successo! Stai per essere reindirizzato...";
pub const EMAIL_MISSING: &str = "Email mancante.";
/// The same for every address: it must not tell whether the address has an account.
pub const VERIFICATION_REQUESTED: &str = "Se l'indirizzo è registrato e non ancora confermato, \
    riceverai una nuova email di verifica. Se lo hai già confermato, puoi accedere.";
pub const TOO_MANY_EMAIL_REQUESTS: &str =
    "Troppe richieste da questo dispositivo. Riprova tra qualche minuto.";
pub const MAIL_NOT_SENT: &str = "Non è stato possibile inviare l'email. Riprova più tardi.";
pub const STORE_CREATED: &str =
    "Negozio creato! Controlla la tua email per confermare l'indirizzo.";
pub const STORE_CREATED_MAIL_FAILED: &str =
    "Negozio creato, ma non è stato possibile inviare l'email di verifica. \
    Richiedine una nuova dalla pagina di verifica.";
pub const RESET_REQUESTED: &str =
    "Se l'indirizzo è registrato, riceverai un'email con il link per reimpostare la password.";
pub const RESET_FIELDS_REQUIRED: &str = "Tutti i campi sono obbligatori.";
pub const RESET_TOKEN_MISSING: &str = "Token non valido";
pub const RESET_TOKEN_INVALID: &str = "Token non valido o scaduto. Richiedi un nuovo link.";
pub const PASSWORDS_DIFFER: &str = "Le password non corrispondono";
pub const PASSWORD_RESET_DONE: &str = "Password reimpostata";

pub fn resend_cooldown(seconds: u64) -> String {
    format!("Puoi richiedere una nuova email di verifica tra {seconds} secondi")
}

// Logo upload. The registration form checks type and size first with its own texts (docs/product/validation.md)
// (section 5); these are the server's answers, Italian like every other.
pub const LOGO_NOT_IMAGE: &str =
    "Il file non è un'immagine leggibile: carica il logo in formato PNG, JPEG, WebP o GIF.";
pub const LOGO_TOO_LARGE: &str = "Il logo supera i 5 MB: scegline uno più leggero.";
pub const LOGO_TOO_MANY_PIXELS: &str =
    "Il logo è troppo grande: al massimo 40 megapixel. Riducilo e riprova.";
pub const LOGO_MISSING: &str = "Nessun file ricevuto.";
pub const TOO_MANY_UPLOADS: &str = "Troppi caricamenti. Riprova tra qualche minuto.";
pub const TOO_MANY_UPLOAD_BYTES: &str =
    "Troppi dati caricati da questa connessione nell'ultima ora. Riprova più tardi.";
pub const LOGO_NOT_FETCHED: &str =
    "Non è stato possibile scaricare un'immagine da questo indirizzo: carica il logo dal tuo computer.";
// Product photos.
pub const PHOTO_MISSING: &str = "Scegli una foto da caricare.";
pub const PHOTO_TOO_LARGE: &str = "La foto supera i 10 MB: scegline una più leggera.";
pub const PHOTO_NOT_IMAGE: &str =
    "Il file non è una foto: sono accettate foto JPEG, PNG, WebP e GIF.";
pub const PHOTO_UNREADABLE: &str =
    "Non riusciamo a leggere questa foto: salvala di nuovo come JPEG o scegline un'altra.";
pub const PHOTOS_FULL: &str =
    "Un prodotto può avere al massimo 6 foto: togline una per aggiungerne un'altra.";
pub const PHOTOS_NOT_OF_PRODUCT: &str = "Alcune foto indicate non sono di questo prodotto.";
pub const PHOTOS_NOT_OF_SHOP: &str = "Alcune foto indicate non sono di questo negozio.";
pub const SHOP_PHOTOS_FULL: &str =
    "Il negozio può avere al massimo 6 foto: togline una per aggiungerne un'altra.";
pub const TOO_MANY_PHOTOS: &str = "Troppe foto caricate in un'ora. Riprova più tardi.";
pub const IMAGES_BUSY: &str = "Stiamo elaborando molte immagini: riprova tra qualche secondo.";
pub const IMAGES_LANE_BUSY: &str =
    "Stiamo ancora elaborando le tue immagini: riprova tra qualche secondo.";
pub const PHOTO_TOO_MANY_PIXELS: &str =
    "La foto è troppo grande: al massimo 40 megapixel. Riducila e riprova.";
// A ZIP of product pictures (`services::photo_batches`).
pub const PHOTO_ZIP_MISSING: &str = "Scegli un file ZIP con le foto dei prodotti.";
pub const PHOTO_ZIP_TOO_LARGE: &str =
    "Il file ZIP supera i 200 MB: dividi le foto in più file ZIP e caricali uno alla volta.";
pub const PHOTO_ZIP_TOO_MANY: &str =
    "Il file ZIP contiene troppe foto: al massimo 2.000 per volta. Dividile in più file ZIP.";
pub const PHOTO_ZIP_NOT_ZIP: &str =
    "Il file non è un archivio ZIP leggibile: comprimi la cartella delle foto in formato ZIP e riprova.";
pub const PHOTO_ZIP_NO_MATCH: &str = "Nessuna foto del file ZIP corrisponde a un prodotto: chiama ogni foto con il codice del prodotto (per esempio ABC123.jpg, e ABC123_2.jpg per la seconda).";
pub const PHOTO_ZIP_RUNNING: &str =
    "Stiamo ancora caricando le foto del file ZIP precedente: attendi che finisca.";
pub const PHOTO_ZIP_TOO_MANY_TODAY: &str = "Hai caricato molti file ZIP oggi: riprova domani.";
pub const PHOTO_ZIP_LOST: &str =
    "Il file ZIP non è più leggibile: caricalo di nuovo per le foto che mancano.";
pub const PHOTO_ZIP_NOT_STORED: &str =
    "Foto non salvata per un problema del server: caricala di nuovo più tardi.";
pub const TOO_MANY_REGISTRATIONS: &str =
    "Troppe registrazioni da questa connessione. Riprova più tardi.";
pub const TOO_MANY_LEADS: &str = "Troppe richieste da questa connessione. Riprova più tardi.";

// "Chiedi disponibilità" (product page) and the owner's inbox.
pub const AVAILABILITY_INVALID: &str =
    "Disponibilità non valida: scegli Disponibile, Disponibilità limitata, Su ordinazione o Non disponibile.";
pub const INQUIRY_NAME_REQUIRED: &str = "Scrivi il tuo nome.";
pub const INQUIRY_CONTACT_INVALID: &str =
    "Scrivi un indirizzo email o un numero di telefono a cui il negozio possa risponderti.";
pub const INQUIRY_MESSAGE_REQUIRED: &str = "Scrivi la tua domanda al negozio.";
pub const INQUIRY_NO_MARKUP: &str = "Il testo non può contenere codice o tag HTML.";
pub const INQUIRY_NOT_FOUND: &str = "Richiesta non trovata";
pub const TOO_MANY_INQUIRIES: &str =
    "Hai già inviato diverse richieste: riprova tra un'ora, oppure chiama il negozio.";
pub const SHOP_INQUIRIES_FULL: &str =
    "Il negozio ha ricevuto molte richieste oggi: riprova domani, oppure chiamalo.";
pub const MAIL_INQUIRY_SUBJECT: &str = "Nuova richiesta di disponibilità";
pub const ACCOUNT_PASSWORD_REQUIRED: &str = "Inserisci la password per confermare.";
pub const ACCOUNT_PASSWORD_WRONG: &str = "Password non corretta.";

// AI generation and regeneration (docs/product/routes.md, errors.md).
pub const GENERATE_NAME_REQUIRED: &str = "Inserisci un nome prodotto per generare una descrizione";
pub const REGENERATION_LIMIT_REACHED: &str = "Limite mensile raggiunto";
pub const TOO_MANY_GENERATIONS: &str =
    "Troppe generazioni in poco tempo. Riprova tra qualche minuto.";

/// Why an image URL of a product could not be used (a warning: the product keeps going).
pub fn image_not_fetched(url: &str, reason: &str) -> String {
    format!("Immagine non scaricata da {url}: {reason}. È stata generata un'immagine al suo posto.")
}

// Why a product needs the owner's eye (dashboard only, never on public pages).
pub const NOTE_NOT_TRADE: &str =
    "Non sembra un articolo per l'edilizia: verificare nome e categoria prima di pubblicarlo.";
pub const NOTE_NOT_RECOGNISED: &str =
    "Prodotto non riconosciuto: completare nome, marca e categoria.";
pub const NOTE_CATEGORY_UNSURE: &str =
    "Categoria non riconosciuta con certezza: sceglierla a mano.";
pub const NOTE_BRAND_MISSING: &str = "Marca non indicata o non riconosciuta: aggiungerla.";
pub const NOTE_UNSURE: &str = "Marca e categoria da confermare.";
pub const ACCEPT_IDS: &str = "Indica da 1 a 500 prodotti da confermare.";
pub const ACCEPT_TARGET: &str =
    "Indica i prodotti da confermare: un elenco, un motivo, una proposta, una famiglia oppure tutti.";
pub const ACCEPT_CATEGORY: &str = "Scegli la categoria in cui mettere questi prodotti.";
