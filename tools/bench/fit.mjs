// Fit of the built-in `blueprint` planner: does the app it plans hold what the prompt asks for? Forty-odd prompts of
// many kinds and in English, French, German and Spanish, each with the concepts a person reading it would expect
// (entities, relations, named choices, stage boards, calendars, money, rankings, yes/no facts, the app's language).
// Prints, per prompt, what the plan missed, and the share of concepts found in the plan's data model and pages. Target:
// 90 %. A second, held-out section (`HELD_OUT`) was written after the planner had been tuned on the first, in other
// domains and wordings, and nobody tunes the planner to it: its share says how the planner does on prompts nobody wrote
// down. Target: 85 %. A third section (`FRESH`) was written before the planner was changed for the held-out misses. A
// fourth (`UNSEEN`) was written after the held-out and fresh sets had been read while tuning, measured before any
// change and is never edited or tuned to. A fifth (`UNSEEN_2`) was written, in other domains and wordings, before the
// planner was changed for the misses of `UNSEEN`, measured first and is never edited; its misses were then read while
// tuning, as the held-out and fresh ones had been, so it no longer measures prompts nobody tuned to. A sixth
// (`UNSEEN_3`), in still other domains and wordings, was written and measured before the planner was changed for the
// misses of `UNSEEN_2`; it was the unread measure until it was read, and is now a tuning set like `UNSEEN_2`, printed
// prompt by prompt. A seventh (`UNSEEN_4`), twenty-four prompts in still other domains and wordings, was written blind
// before the planner was changed for the misses of `UNSEEN_3`: it was the unread measure until an eighth section was
// written, and is now a tuning set like `UNSEEN_3`, never edited and printed prompt by prompt. An eighth (`UNSEEN_5`),
// thirty prompts in still other domains and wordings, was written blind before the planner was changed for the misses
// of `UNSEEN_4`: never edited or read prompt by prompt, so only its share is printed; during the structural round its
// misses were examined by kind and by the parts of speech around each missed word (never the words), so it is no
// longer blind. A ninth (`UNSEEN_6`), forty prompts in still other domains and wordings, was written blind after `UNSEEN_5`
// was measured and before the planner was changed for anything after that measure: a tuning set like `UNSEEN_4`, never
// edited and printed prompt by prompt. A tenth (`UNSEEN_7`), forty prompts in still other domains and wordings, was
// written blind at the end of the structural round, after the planner's structural reading was built: the unread
// measure (59.1 % when written), never edited, read prompt by prompt or tuned to, so only its share is printed; it stays
// the unread measure it was, still not read. An eleventh (`UNSEEN_8`), forty prompts in still other domains and wordings,
// was written blind at the start of the eleventh round, after the image check and before any planner change this
// session (72.3 % when written): never edited, read prompt by prompt or tuned to, so only its share is printed. Every section but the first
// has target 85 % and counts toward the exit code.
// Reads the planner from dist/ through its public index, as the generation-service loads it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../platform/platform.mjs';

const require = createRequire(import.meta.url);
const { planApp } = require(join(ROOT, 'dist/apps/generation-service/src/blueprint/index.js'));

export const TARGET_SHARE = 0.9;
export const HELD_OUT_TARGET_SHARE = 0.85;

/**
 * Each concept, as a person would check the app: `entity` a thing it keeps; `relation` [from, to] a row of the
 * first points at the second; `choice` a select offering these; `board` stages in this order on a board page;
 * `calendar` a calendar of this thing; `money` this thing has an amount of money; `ranking` this thing ranked by a
 * number; `boolean` a yes/no field; `language` the app's language. Words are as the user wrote them.
 */
export const PROMPTS = [
  ['A volunteer shift scheduler for an animal shelter: volunteers sign up for morning or evening shifts', { entity: ['volunteer', 'shift'], relation: [['shift', 'volunteer']], choice: [['morning', 'evening']], calendar: ['shift'] }],
  ['A simple expense splitter for a group trip: trips, people, expenses paid by one person and shared among several', { entity: ['trip', 'people', 'expense'], relation: [['expense', 'people'], ['expense', 'trip']], money: ['expense'] }],
  ["A kanban board for my band's songs, each moving through idea, rehearsing and ready", { entity: ['song'], board: [['idea', 'rehearsing', 'ready']] }],
  ['A bakery order book: customers place orders for cakes with a pickup date, a price and whether they have paid', { entity: ['order'], calendar: ['order'], money: ['order'], boolean: ['paid'] }],
  ['A chess club leaderboard where members record games and we rank players by rating', { entity: ['game'], ranking: ['player'] }],
  ['Track our hiring pipeline: candidates move through applied, phone screen, interview, offer and hired', { entity: ['candidate'], board: [['applied', 'phone screen', 'interview', 'offer', 'hired']] }],
  ['An app for my yoga studio where students book classes; each class has a teacher, a date and time and a level (beginner, intermediate or advanced)', { entity: ['class'], calendar: ['class'], choice: [['beginner', 'intermediate', 'advanced']] }],
  ['A household chore rota for my flatmates: chores are assigned to a flatmate, due on a day, and marked done', { entity: ['chore', 'flatmate'], relation: [['chore', 'flatmate']], boolean: ['done'] }],
  ['Help me keep a library of my vinyl records: albums with artist, year, condition and what I paid', { entity: ['album'], money: ['album'] }],
  ['A homework planner for my kids: assignments in subjects, each with a due date and whether it is finished', { entity: ['assignment', 'subject'], relation: [['assignment', 'subject']], calendar: ['assignment'], boolean: ['finished'] }],
  ['Our football team needs a tool to schedule matches, note the score and see a table of players with the most goals', { entity: ['match', 'player'], calendar: ['match'], ranking: ['player'] }],
  ['A small shop inventory: products in categories, with stock, a price and a supplier', { entity: ['product', 'categor'], relation: [['product', 'categor']], money: ['product'] }],
  ['A reading challenge tracker where I log books I finish and rate them out of 10', { entity: ['book'] }],
  ['A wedding planner with guests, tables and a budget; guests RSVP yes or no and sit at a table', { entity: ['guest', 'table'], relation: [['guest', 'table']] }],
  ['Plan our team retrospectives: ideas are voted on and the ideas with the most votes come first', { entity: ['idea'], ranking: ['idea'] }],
  ['A customer support desk where tickets go from new to in progress to resolved, each assigned to an agent', { entity: ['ticket', 'agent'], board: [['new', 'in progress', 'resolved']], relation: [['ticket', 'agent']] }],
  ['A dog walking business: clients, their dogs and walks booked for a date and time at a price', { entity: ['client', 'dog', 'walk'], relation: [['dog', 'client']], calendar: ['walk'], money: ['walk'] }],
  ['A recipe box where recipes belong to cookbooks and I can mark favourites', { entity: ['recipe', 'cookbook'], relation: [['recipe', 'cookbook']] }],
  ['A tool library for our street: neighbours borrow tools and we note whether each tool was returned', { entity: ['tool'], relation: [['tool', 'neighbour']], boolean: ['returned'] }],
  ['A school science fair app: projects by students, judged with a score out of 100, best score first', { entity: ['project', 'student'], relation: [['project', 'student']], ranking: ['project'] }],
  ['A garden planting calendar: plants, beds, and sowing dates for each plant', { entity: ['plant', 'bed'], calendar: ['plant'] }],
  ['A freelance invoicing app with clients and invoices; invoices go through draft, sent, paid and overdue', { entity: ['client', 'invoice'], relation: [['invoice', 'client']], board: [['draft', 'sent', 'paid', 'overdue']], money: ['invoice'] }],
  ['Track my running races: race name, date, distance, finishing time and whether it was a personal best', { entity: ['race'], boolean: ['personal best'] }],
  ['A board game night organiser where friends sign up for game nights and bring snacks', { entity: ['game night', 'friend'], relation: [['game night', 'friend']], calendar: ['game night'] }],
  ['A car maintenance log: services on my cars with the cost, the mileage and the garage', { entity: ['service', 'car'], relation: [['service', 'car']], money: ['service'] }],
  ['Manage a film festival: films are screened in sessions, and the audience votes for the best film', { entity: ['film', 'session'], relation: [['film', 'session']], ranking: ['film'] }],
  ['A grocery list shared with my partner: items in aisles, bought or not', { entity: ['item', 'aisle'], relation: [['item', 'aisle']], boolean: ['bought'] }],
  ['An apartment hunting tracker: listings with rent, number of rooms, a viewing date and status (to visit, visited, applied, rejected)', { entity: ['listing'], money: ['listing'], calendar: ['listing'], choice: [['to visit', 'visited', 'applied', 'rejected']] }],
  ['A classroom gradebook where teachers record students and their grades for each assignment', { entity: ['student', 'grade'], relation: [['grade', 'student']] }],
  ['A podcast planner: episodes move through idea, recording, editing and published, each with guests', { entity: ['episode'], board: [['idea', 'recording', 'editing', 'published']] }],
  ['Une application pour notre refuge : les bénévoles s’inscrivent à des créneaux du matin ou du soir', { language: 'fr', entity: ['bénévole', 'créneau'], relation: [['créneau', 'bénévole']], calendar: ['créneau'] }],
  ['Un gestionnaire de dépenses pour un voyage entre amis : les dépenses sont payées par une personne et partagées entre plusieurs', { language: 'fr', entity: ['dépense'], relation: [['dépense', 'personne']], money: ['dépense'] }],
  ['Un tableau kanban pour les chansons de mon groupe, qui passent par idée, répétition et prêt', { language: 'fr', entity: ['chanson'], board: [['idée', 'répétition', 'prêt']] }],
  ['Une application pour gérer les recettes de cuisine avec ingrédients, temps de cuisson et une note', { language: 'fr', entity: ['recette'] }],
  ['Un suivi des tâches de mes projets avec une date limite et une priorité', { language: 'fr', entity: ['tâche', 'projet'], calendar: ['tâche'] }],
  ['Ein Dienstplan für unser Tierheim: Freiwillige tragen sich für Frühschichten oder Spätschichten ein', { language: 'de', entity: ['freiwillige', 'schicht'], calendar: ['schicht'] }],
  ['Eine App für die Ausgaben einer Gruppenreise: Ausgaben werden von einer Person bezahlt und zwischen mehreren geteilt', { language: 'de', entity: ['ausgabe'], relation: [['ausgabe', 'person']], money: ['ausgabe'] }],
  ['Ein Kanban-Board für die Songs meiner Band: jeder Song durchläuft Idee, Probe und fertig', { language: 'de', entity: ['song'], board: [['idee', 'probe', 'fertig']] }],
  ['Eine Rangliste für unseren Schachverein mit Spielern und ihren Punkten', { language: 'de', entity: ['spieler'], ranking: ['spieler'] }],
  ['Eine einfache App, um meine Rezepte mit Zutaten und Kochzeit zu speichern', { language: 'de', entity: ['rezept'] }],
  ['Una aplicación para nuestro refugio: los voluntarios se apuntan a turnos de mañana o de tarde', { language: 'es', entity: ['voluntario', 'turno'], relation: [['turno', 'voluntario']], calendar: ['turno'] }],
  ['Un divisor de gastos para un viaje en grupo: gastos pagados por una persona y compartidos entre varias', { language: 'es', entity: ['gasto'], relation: [['gasto', 'persona']], money: ['gasto'] }],
  ['Un tablero kanban para las canciones de mi banda, que pasan por idea, ensayo y lista', { language: 'es', entity: ['canción'], board: [['idea', 'ensayo', 'lista']] }],
  ['Una app para gestionar los pedidos de mi tienda con clientes, productos y un precio', { language: 'es', entity: ['pedido', 'cliente', 'producto'], money: ['pedido'] }],
  ['Un ranking de los jugadores de nuestro club de tenis por puntos', { language: 'es', entity: ['jugador'], ranking: ['jugador'] }],
];

/**
 * Held out: written before the planner was changed for the misses of `PROMPTS`, in the same form. Do not tune
 * vocabulary to these words; when one is found, it should be by a pattern that reads any prompt saying it that way.
 */
export const HELD_OUT = [
  ['A school timetable: lessons for each class with a teacher, a room, a weekday and a start time', { entity: ['lesson', 'class'], relation: [['lesson', 'class']], calendar: ['lesson'] }],
  ['A repair shop tracker: customers bring in devices, and each repair job goes through received, diagnosing, waiting for parts, fixed and collected, with a cost', { entity: ['customer', 'device', 'repair job'], relation: [['device', 'customer']], board: [['received', 'diagnosing', 'waiting for parts', 'fixed', 'collected']], money: ['repair job'] }],
  ['A wedding planner to manage vendors, their quotes and the payments we made to each vendor', { entity: ['vendor', 'quote', 'payment'], relation: [['quote', 'vendor'], ['payment', 'vendor']], money: ['payment'] }],
  ['Podcast editorial calendar: episodes with a topic, a host and a release date, and guests invited to each episode', { entity: ['episode', 'guest'], relation: [['guest', 'episode']], calendar: ['episode'] }],
  ['A maintenance request tracker for our building: tenants submit requests for their apartment, each with a priority (low, medium, urgent), photos and whether it is fixed', { entity: ['tenant', 'request'], relation: [['request', 'tenant']], choice: [['low', 'medium', 'urgent']], boolean: ['fixed'] }],
  ['A tournament bracket for our ping pong club: players, matches between two players, the winner of each match and the round', { entity: ['player', 'match'], relation: [['match', 'player']] }],
  ['A lending library for board games: members borrow games through loans with a due date, and we note whether each loan was returned', { entity: ['member', 'game', 'loan'], boolean: ['returned'] }],
  ['A homework planner: homework tasks for each subject with a due date, an estimated time and a difficulty from 1 to 5; mark them as done', { entity: ['task', 'subject'], relation: [['task', 'subject']], calendar: ['task'], boolean: ['done'] }],
  ['A fundraising tracker for our charity run: donors pledge donations to runners, with the amount and whether it has been collected', { entity: ['donor', 'donation', 'runner'], relation: [['donation', 'runner'], ['donation', 'donor']], money: ['donation'], boolean: ['collected'] }],
  ['A plant watering schedule: plants in rooms, each watered every few days; log each watering with the date', { entity: ['plant', 'room', 'watering'], relation: [['plant', 'room'], ['watering', 'plant']] }],
  ['A band setlist builder: songs with key and tempo, gigs at venues, and the setlist of songs for each gig', { entity: ['song', 'gig', 'venue'], relation: [['gig', 'venue']] }],
  ['A recruiting agency CRM: companies post jobs, candidates apply to jobs, and each application moves through screening, interview, offer and placed', { entity: ['company', 'job', 'candidate', 'application'], relation: [['job', 'company']], board: [['screening', 'interview', 'offer', 'placed']] }],
  ['A family meal planner: meals for each day of the week made from recipes, and a shopping list of ingredients with a quantity', { entity: ['meal', 'recipe'], relation: [['meal', 'recipe']] }],
  ['A bug tracker where bugs are reported by testers, assigned to developers and have a severity (minor, major, critical)', { entity: ['bug', 'tester', 'developer'], relation: [['bug', 'tester'], ['bug', 'developer']], choice: [['minor', 'major', 'critical']] }],
  ['A vet clinic app: owners, their pets and appointments for each pet with a date, the reason and the fee', { entity: ['owner', 'pet', 'appointment'], relation: [['pet', 'owner'], ['appointment', 'pet']], calendar: ['appointment'], money: ['appointment'] }],
  ['A conference app: talks given by speakers in rooms, each talk with a start time, and attendees rate talks', { entity: ['talk', 'speaker', 'room'], relation: [['talk', 'speaker'], ['talk', 'room']], calendar: ['talk'] }],
  ['A personal reading list where I track books by authors I like, whether I own each book and its price', { entity: ['book', 'author'], relation: [['book', 'author']], boolean: ['own'], money: ['book'] }],
  ['A hackathon judging app: teams submit projects, judges give scores, and the projects with the highest score win', { entity: ['team', 'project', 'judge'], relation: [['project', 'team']], ranking: ['project'] }],
  ['A volunteer driver rota: drivers give rides to patients on a date, and each ride is pending, confirmed or done', { entity: ['driver', 'ride', 'patient'], relation: [['ride', 'driver'], ['ride', 'patient']], calendar: ['ride'], choice: [['pending', 'confirmed', 'done']] }],
  ['A coworking space booking tool: members reserve desks for a day, and meeting rooms can be booked by the hour at a price', { entity: ['member', 'desk', 'meeting room'], money: ['meeting room'] }],
  ['Track the repairs on our rental properties: each repair belongs to a property, has a contractor, a cost and a status', { entity: ['repair', 'propert'], relation: [['repair', 'propert']], money: ['repair'] }],
  ['A fundraising tracker: campaigns, donors and the donations each donor makes to a campaign, with the amount', { entity: ['campaign', 'donor', 'donation'], relation: [['donation', 'donor'], ['donation', 'campaign']], money: ['donation'] }],
  ['Un carnet pour mon atelier de réparation de vélos : les clients déposent leurs vélos et chaque réparation a un prix et un statut', { language: 'fr', entity: ['client', 'vélo', 'réparation'], money: ['réparation'] }],
  ['Une application pour organiser un tournoi : les équipes jouent des matchs et on classe les équipes par points', { language: 'fr', entity: ['équipe', 'match'], ranking: ['équipe'] }],
  ['Eine App für unsere Bibliothek: Mitglieder leihen Bücher aus, und wir notieren das Rückgabedatum', { language: 'de', entity: ['mitglied', 'buch'], relation: [['buch', 'mitglied']] }],
  ['Ein Planer für Hochzeiten: Gäste, Tische und Geschenke, die von Gästen mitgebracht werden', { language: 'de', entity: ['gast', 'tisch', 'geschenk'], relation: [['geschenk', 'gast']] }],
  ['Una aplicación para el taller: clientes, sus coches y las reparaciones de cada coche con un precio', { language: 'es', entity: ['cliente', 'coche', 'reparación'], relation: [['coche', 'cliente'], ['reparación', 'coche']], money: ['reparación'] }],
  ['Un planificador de tareas escolares con asignaturas, tareas con fecha de entrega y si están terminadas', { language: 'es', entity: ['asignatura', 'tarea'], calendar: ['tarea'], boolean: ['terminadas'] }],
];

/**
 * Fresh: ten more prompts written before the planner was changed for the misses of `HELD_OUT`, measured first and
 * never tuned to afterwards. Its share is the honest measure of prompts nobody wrote down. Target: 85 %.
 */
export const FRESH = [
  ['A climbing gym app: routes set by route setters on walls, each route with a grade and a colour, and climbers log their ascents', { entity: ['route', 'setter', 'wall', 'ascent'], relation: [['route', 'wall'], ['ascent', 'route']] }],
  ['An escape room business: rooms, bookings for a room with a date and time, the group size and the price paid', { entity: ['room', 'booking'], relation: [['booking', 'room']], calendar: ['booking'], money: ['booking'] }],
  ['A beekeeping journal: hives in apiaries, inspections of each hive with the date, whether the queen was seen and notes', { entity: ['hive', 'apiary', 'inspection'], relation: [['hive', 'apiar'], ['inspection', 'hive']], calendar: ['inspection'], boolean: ['queen'] }],
  ['A photography studio tracker: clients order shoots, each shoot goes through booked, shot, editing and delivered, with a fee', { entity: ['client', 'shoot'], relation: [['shoot', 'client']], board: [['booked', 'shot', 'editing', 'delivered']], money: ['shoot'] }],
  ['A community garden app: gardeners rent plots, harvests are logged per plot with the weight, and we rank plots by total harvest', { entity: ['gardener', 'plot', 'harvest'], relation: [['harvest', 'plot']], ranking: ['plot'] }],
  ['A language school app where teachers run courses, students enrol in courses and each course has a level (A1, A2, B1, B2)', { entity: ['teacher', 'course', 'student'], relation: [['course', 'teacher']], choice: [['A1', 'A2', 'B1', 'B2']] }],
  ['Un agenda pour mon cabinet de kiné : les patients prennent des rendez-vous, chaque séance a un tarif et on note si elle est payée', { language: 'fr', entity: ['patient', 'rendez', 'séance'], money: ['séance'], boolean: ['pay'] }],
  ['Eine App für unseren Sportverein: Mannschaften, Spieler und Trainings mit Datum und Ort', { language: 'de', entity: ['mannschaft', 'spieler', 'training'], calendar: ['training'] }],
  ['Una app para mi huerto: plantas, riegos de cada planta con la fecha y cosechas con el peso', { language: 'es', entity: ['planta', 'riego', 'cosecha'], relation: [['riego', 'planta']], calendar: ['riego'] }],
  ['A film club app where members propose films, everyone votes, and the films with the most votes are shown first', { entity: ['member', 'film'], ranking: ['film'] }],
];

/**
 * Unseen: twelve prompts written the way users write them (long and chatty, terse, with typos, as lists; three in
 * French, German and Spanish), measured before the planner was changed for them and never edited or tuned to
 * afterwards: the measure of prompts nobody tuned the planner to, now that the held-out and fresh sets have been
 * read while tuning. Target: 85 %.
 */
export const UNSEEN = [
  ["Hi! I run a small pottery studio with my sister and we're drowning in spreadsheets lol. We need something to keep track of our students, the workshops they sign up for (each workshop has a date, a max number of spots and a price), and the pieces students make, which go from thrown to bisque fired to glazed to finished. Would be great to also see which workshops are coming up on a calendar.", { entity: ['student', 'workshop', 'piece'], relation: [['workshop', 'student'], ['piece', 'student']], board: [['thrown', 'bisque fired', 'glazed', 'finished']], money: ['workshop'], calendar: ['workshop'] }],
  ['inventory for my wine cellar - bottles, wineries, regions. vintage, price, drunk y/n', { entity: ['bottle', 'winer', 'region'], relation: [['bottle', 'winer']], money: ['bottle'], boolean: ['drunk'] }],
  ['app to manage my clients apointments for my hair salon, each apointment has a stylist, a service (cut, color, blowdry) a date and the price', { entity: ['client', 'apointment', 'stylist'], relation: [['apointment', 'client'], ['apointment', 'stylist']], choice: [['cut', 'color', 'blowdry']], calendar: ['apointment'], money: ['apointment'] }],
  ['Fleet management:\n- vehicles (plate, model, mileage)\n- drivers\n- trips: driver, vehicle, date, km driven\n- fuel logs with liters and cost', { entity: ['vehicle', 'driver', 'trip', 'fuel log'], relation: [['trip', 'driver'], ['trip', 'vehicle']], money: ['fuel log'] }],
  ['A darts league: teams of players play fixtures each week, we record legs won and want a league table ranking teams by points', { entity: ['team', 'player', 'fixture'], relation: [['player', 'team']], calendar: ['fixture'], ranking: ['team'] }],
  ["We're a food bank. Donors drop off donations (food type, weight in kg, date received), volunteers sort them, and families pick up parcels on a set day. Need to know if a parcel was collected.", { entity: ['donor', 'donation', 'volunteer', 'famil', 'parcel'], relation: [['donation', 'donor'], ['parcel', 'famil']], calendar: ['parcel'], boolean: ['collected'] }],
  ['Content calendar for our marketing team: blog posts with an author, a publish date, a channel (blog, newsletter, linkedin) and a status of draft → review → scheduled → published', { entity: ['post', 'author'], relation: [['post', 'author']], calendar: ['post'], choice: [['blog', 'newsletter', 'linkedin']], board: [['draft', 'review', 'scheduled', 'published']] }],
  ['A babysitting co-op where parents earn points for every hour they babysit for another family; show who has the most points', { entity: ['parent'], ranking: ['parent'] }],
  ["Simple app to rent out my camping gear to friends: items, who borrowed them, when they're due back, the deposit, and if it came back damaged", { entity: ['item', 'friend'], relation: [['item', 'friend']], calendar: ['item'], money: ['item'], boolean: ['damaged'] }],
  ['Salut ! Je voudrais une appli pour mon club de lecture : les membres proposent des livres, on vote, et chaque mois on choisit un livre pour la réunion. Pour chaque réunion il faut la date, le lieu et le livre choisi.', { language: 'fr', entity: ['membre', 'livre', 'réunion'], relation: [['livre', 'membre'], ['réunion', 'livre']], calendar: ['réunion'] }],
  ['Verwaltung für unsere Kita: Kinder, Eltern und Gruppen. Jedes Kind gehört zu einer Gruppe, und wir notieren, ob es abgeholt wurde.', { language: 'de', entity: ['kind', 'eltern', 'gruppe'], relation: [['kind', 'gruppe']], boolean: ['abgeholt'] }],
  ['Necesito una app para mi academia de baile: alumnos, clases con profesor, día y hora, y pagos mensuales de cada alumno con el importe y si está pagado', { language: 'es', entity: ['alumno', 'clase', 'pago'], relation: [['pago', 'alumno']], calendar: ['clase'], money: ['pago'], boolean: ['pagado'] }],
];

/**
 * Unseen, second set (`UNSEEN_2`): fourteen prompts in domains and wordings of no other section (chatty, terse,
 * typos, dash and numbered lists, ASCII arrows, shouting, a one-liner; French, German and Spanish), written and
 * measured before the planner was changed for the misses of `UNSEEN`, and never edited or tuned to afterwards.
 * Target: 85 %.
 */
export const UNSEEN_2 = [
  ["hey so I foster kittens for a rescue and I'd love an app for it. Each litter comes in on a date, kittens belong to a litter, I weigh them every few days (weight + date) and when one gets adopted I note the adopter's name and the adoption fee. also whether they're spayed yet", { entity: ['litter', 'kitten', 'weigh'], relation: [['kitten', 'litter']], money: ['kitten'], boolean: ['spayed'] }],
  ['homebrew log: batches, recipes, brew date, OG/FG, cost, bottled y/n', { entity: ['batch', 'recipe'], relation: [['batch', 'recipe']], calendar: ['batch'], money: ['batch'], boolean: ['bottled'] }],
  ['3D print queue for our makerspace. members submit print jobs (file name, material: PLA/PETG/ABS, grams of filament). status queued -> printing -> done -> picked up. we charge 5 cents per gram', { entity: ['member', 'print job'], relation: [['print job', 'member']], choice: [['PLA', 'PETG', 'ABS']], board: [['queued', 'printing', 'done', 'picked up']], money: ['print job'] }],
  ["Moving house planner\n1. rooms in the new place\n2. boxes - each box goes to a room, has a number and what's inside, fragile yes/no\n3. tasks with a deadline and who does them (me or Sam)", { entity: ['room', 'box', 'task'], relation: [['box', 'room']], boolean: ['fragile'], calendar: ['task'], choice: [['me', 'sam']] }],
  ['need an app for my cleaning buisness. cleaners, customers adresses, and jobs - which cleaner goes to which customer on what day, how many hours and how much we charge. also wether the customer payed', { entity: ['cleaner', 'customer', 'job'], relation: [['job', 'cleaner'], ['job', 'customer']], calendar: ['job'], money: ['job'], boolean: ['payed'] }],
  ['PUB QUIZ SCORES. Teams, Rounds (General Knowledge, Music, Picture Round), points per team per round. LEADERBOARD of teams by total points!!', { entity: ['team', 'round'], ranking: ['team'] }],
  ['Our office coffee tasting club: we taste coffees from different roasters, each of us gives a score from 0 to 100, and the best coffees show at the top', { entity: ['coffee', 'roaster'], relation: [['coffee', 'roaster']], ranking: ['coffee'] }],
  ['Aquarium tracker\n- tanks: name, litres, freshwater/saltwater\n- fish: species, tank, date added\n- water tests for each tank (date, pH, nitrate)', { entity: ['tank', 'fish', 'water test'], relation: [['fish', 'tank'], ['water test', 'tank']], choice: [['freshwater', 'saltwater']] }],
  ['Keep track of my tutoring: students, the parents who pay for them, sessions I give each student with the date and my rate, and whether the session was paid', { entity: ['student', 'parent', 'session'], relation: [['session', 'student']], calendar: ['session'], money: ['session'], boolean: ['paid'] }],
  ['A sailing club app: members make bookings for a boat on a date, boats have a type (dinghy, keelboat, catamaran) and we log damage reports for each boat', { entity: ['member', 'boat', 'booking', 'damage report'], relation: [['booking', 'boat'], ['booking', 'member'], ['damage report', 'boat']], calendar: ['booking'], choice: [['dinghy', 'keelboat', 'catamaran']] }],
  ['dog show entries app - dogs, their owners, the classes each dog is entered in and the placing it got', { entity: ['dog', 'owner', 'class'], relation: [['dog', 'owner']] }],
  ["Appli pour notre AMAP : les adhérents commandent des paniers de légumes chaque semaine, chaque panier a un prix et une date de livraison, et on note si l'adhérent a payé.", { language: 'fr', entity: ['adhérent', 'panier'], relation: [['panier', 'adhérent']], calendar: ['panier'], money: ['panier'], boolean: ['payé'] }],
  ['Ich brauche eine App für meinen Chor: Sänger mit Stimme (Sopran, Alt, Tenor, Bass), Proben mit Datum und Ort, und für jede Probe, ob ein Sänger anwesend war.', { language: 'de', entity: ['sänger', 'probe'], choice: [['sopran', 'alt', 'tenor', 'bass']], calendar: ['probe'], boolean: ['anwesend'] }],
  ['Hola, quiero una app para las reservas de mi casa rural: huéspedes, habitaciones, reservas con fecha de entrada y salida, el precio total y si han pagado la señal', { language: 'es', entity: ['huésped', 'habitación', 'reserva'], relation: [['reserva', 'huésped'], ['reserva', 'habitación']], calendar: ['reserva'], money: ['reserva'], boolean: ['pagado'] }],
];

/**
 * Unseen, third set (`UNSEEN_3`): sixteen prompts in domains and wordings of no other section (chatty, terse, typos,
 * slashes, arrows and `>` stages, shouting, a one-liner, Italian- and Portuguese-tinged English; French, German and
 * Spanish), written and measured before the planner was changed for the misses of `UNSEEN_2`, which had been read
 * while tuning. Never edited; it was the unread measure (40.5 % when written) until `UNSEEN_4` was written, and is
 * now read while tuning like `UNSEEN_2`. Target: 85 %.
 */
export const UNSEEN_3 = [
  ["Hiya! I'm stage managing our amateur theatre's next show and it's chaos. Could you make me something where I can list the cast members, the roles (each role is played by one cast member), rehearsals with a date and which scenes we're doing, and the props we still need to buy with what they cost? Ideally props go from needed to sourced to in the box.", { entity: ['cast member', 'role', 'rehearsal', 'prop'], relation: [['role', 'cast member']], calendar: ['rehearsal'], money: ['prop'], board: [['needed', 'sourced', 'in the box']] }],
  ['pet sitting biz: owners / pets (dog/cat/rabbit) / visits w date + price + paid?', { entity: ['owner', 'pet', 'visit'], relation: [['pet', 'owner'], ['visit', 'pet']], choice: [['dog', 'cat', 'rabbit']], calendar: ['visit'], money: ['visit'], boolean: ['paid'] }],
  ['i need a app for my tatoo studio. artists, clients, apointments (wich artist, wich client, date, deposit, total price) and if the design is aproved', { entity: ['artist', 'client', 'apointment'], relation: [['apointment', 'artist'], ['apointment', 'client']], calendar: ['apointment'], money: ['apointment'], boolean: ['aproved'] }],
  ['Print shop:\n- customers (name, email)\n- orders -> customer, due date, total\n- order status: received > proofing > printing > shipped', { entity: ['customer', 'order'], relation: [['order', 'customer']], calendar: ['order'], money: ['order'], board: [['received', 'proofing', 'printing', 'shipped']] }],
  ['SCOUT TROOP APP!!! SCOUTS, PATROLS, BADGES. EACH SCOUT IS IN A PATROL. LOG WHEN A SCOUT EARNS A BADGE. TOP PATROLS BY POINTS', { entity: ['scout', 'patrol', 'badge'], relation: [['scout', 'patrol']], ranking: ['patrol'] }],
  ['habit tracker: habits + a daily check-in for each habit, done y/n', { entity: ['habit', 'check-in'], relation: [['check-in', 'habit']], boolean: ['done'] }],
  ['Hello, I have a little shop of ski rental in Cortina. I need to register the clients, the equipments (skis, boots, snowboards, helmets) and the rentals: every rental has the client, the date of start, the date of end, the price for day and if the deposit is given back.', { entity: ['client', 'equipment', 'rental'], relation: [['rental', 'client']], choice: [['skis', 'boots', 'snowboards', 'helmets']], calendar: ['rental'], money: ['rental'], boolean: ['deposit'] }],
  ['I am personal trainer and I need one app for control my alunos: the students, the trainings with date and hour, and the mensalities of each student with the value and if is paid', { entity: ['student', 'training', 'mensalit'], relation: [['mensalit', 'student']], calendar: ['training'], money: ['mensalit'], boolean: ['paid'] }],
  ["Bonjour, pour notre club de randonnée j'aimerais une appli : les sorties avec la date, le lieu de départ et un niveau (facile, moyen, difficile), les participants inscrits à chaque sortie, et savoir si chacun a réglé sa cotisation.", { language: 'fr', entity: ['sortie', 'participant'], relation: [['participant', 'sortie']], calendar: ['sortie'], choice: [['facile', 'moyen', 'difficile']], boolean: ['régl'] }],
  ['Nachbarschaftshilfe im Viertel: Helfer, Senioren und Einsätze (wer hilft wem, Datum, Dauer). Wir wollen sehen, ob ein Einsatz erledigt ist.', { language: 'de', entity: ['helfer', 'senior', 'einsatz'], relation: [['einsatz', 'helfer'], ['einsatz', 'senior']], calendar: ['einsatz'], boolean: ['erledigt'] }],
  ['control de la vendimia de mi viñedo: parcelas con su variedad (tempranillo, garnacha, verdejo), vendimias de cada parcela con fecha y kilos, y ventas de uva a bodegas con el precio', { language: 'es', entity: ['parcela', 'vendimia', 'venta', 'bodega'], relation: [['vendimia', 'parcela'], ['venta', 'bodega']], choice: [['tempranillo', 'garnacha', 'verdejo']], calendar: ['vendimia'], money: ['venta'] }],
  ["birding log. species (name, family), spots where I go birding, sightings = species + spot + date + how many. show the species I've seen most at the top", { entity: ['species', 'spot', 'sighting'], relation: [['sighting', 'species'], ['sighting', 'spot']], calendar: ['sighting'], ranking: ['species'] }],
  ["comics collection. series, issues (number, cover price, what it's worth now, signed?), publisher per series", { entity: ['series', 'issue', 'publisher'], relation: [['issue', 'series'], ['series', 'publisher']], money: ['issue'], boolean: ['signed'] }],
  ["I'm a small landlord with 3 buildings. I want to see every unit in each building, who the tenant is, the monthly rent, and log rent payments (date, amount, late or on time).", { entity: ['building', 'unit', 'tenant', 'payment'], relation: [['unit', 'building'], ['unit', 'tenant']], money: ['unit', 'payment'], choice: [['late', 'on time']], calendar: ['payment'] }],
  ['Food truck app: menu items with price and category (mains, sides, drinks), the events we park at with date and location, and sales per item per event. best sellers on top', { entity: ['menu item', 'event', 'sale'], relation: [['sale', 'menu item'], ['sale', 'event']], choice: [['mains', 'sides', 'drinks']], calendar: ['event'], money: ['menu item'], ranking: ['menu item'] }],
  ['meds for grandma: which pill, dose, time of day (morning/noon/night), taken y/n each day', { entity: ['med'], choice: [['morning', 'noon', 'night']], boolean: ['taken'] }],
];

/**
 * Unseen, fourth set (`UNSEEN_4`): twenty-four prompts in domains and wordings of no other section (a chatty
 * paragraph, terse notes, a dash list, a nested `→` chain, shouting, typos, "linked to", "has many", "belongs to",
 * possessives, "which"; three each in French, German and Spanish, and Polish- and Dutch-tinged English), written
 * blind — without reading the planner's source or any section's misses — after `UNSEEN_3` had been read and before
 * the planner was changed for `UNSEEN_3`'s misses. Never edited; it was the unread measure (44.6 % when first read)
 * until an eighth section was written, and is now read while tuning like `UNSEEN_3`. Target: 85 %.
 */
export const UNSEEN_4 = [
  ["Hey! So I run a tiny bike courier outfit in town (6 riders, lots of chaos 😅). I'd love an app where I can put in each delivery as it comes in: pickup address, drop-off address, the zone (north, south, centre) and what the customer pays us, and each delivery is linked to a rider. Deliveries should go waiting → picked up → delivered, ideally on a board I can drag stuff around on. Also want to see which rider did the most deliveries!", { entity: ['delivery', 'rider'], relation: [['delivery', 'rider']], choice: [['north', 'south', 'centre']], money: ['delivery'], board: [['waiting', 'picked up', 'delivered']], ranking: ['rider'] }],
  ['poker nights with the lads. players, nights (date), results = player + night + buy-in + cash-out. leaderboard of players by total profit pls', { entity: ['player', 'night', 'result'], relation: [['result', 'player'], ['result', 'night']], money: ['result'], ranking: ['player'] }],
  ['Solar install tracker\n- customers: name, address, phone\n- installs: customer, system size (kW), roof type (tile / metal / flat), quoted price\n- install stages: site survey -> permit -> installation -> inspection -> live', { entity: ['customer', 'install'], relation: [['install', 'customer']], choice: [['tile', 'metal', 'flat']], money: ['install'], board: [['site survey', 'permit', 'installation', 'inspection', 'live']] }],
  ["I'm the only fundraiser at a small environmental nonprofit and I juggle way too many grant applications. I'd like a tool where I keep a list of funders (foundations, councils, companies) and for each funder the applications we've sent or are working on: title, amount requested, deadline, and status (drafting, submitted, awarded, rejected). A calendar of deadlines would be a lifesaver.", { entity: ['funder', 'application'], relation: [['application', 'funder']], money: ['application'], calendar: ['application'], choice: [['drafting', 'submitted', 'awarded', 'rejected']] }],
  ["IT asset register for our office. Each employee has many devices. A device has a serial number, a type (laptop, phone, monitor, headset), purchase price, warranty end date and a flag for whether it's currently out for repair. Employees have a name and a department.", { entity: ['employee', 'device'], relation: [['device', 'employee']], choice: [['laptop', 'phone', 'monitor', 'headset']], money: ['device'], boolean: ['repair'] }],
  ['Lambing season app for our sheep farm. Ewes have a tag number and a breed. Lambs belong to their mother ewe, with birth date, sex (ram/ewe) and birth weight. We weigh the lambs every couple of weeks, so I need weighings for each lamb too.', { entity: ['ewe', 'lamb', 'weighing'], relation: [['lamb', 'ewe'], ['weighing', 'lamb']], choice: [['ram', 'ewe']] }],
  ["Sample tracking for our lab's freezers: freezers (name, temperature, room) → boxes in a freezer (shelf position) → samples in a box (sample ID, type: blood/plasma/DNA, collected date, project). Need to know whether a sample has been used up.", { entity: ['freezer', 'box', 'sample'], relation: [['box', 'freezer'], ['sample', 'box']], choice: [['blood', 'plasma', 'DNA']], boolean: ['used up'] }],
  ['LOST AND FOUND LOG FOR OUR HOTEL. STAFF LOG THE ITEMS THEY FIND: WHAT IT IS, WHICH ROOM, DATE FOUND, WHICH STAFF MEMBER FOUND IT. GUESTS CLAIM THEM LATER SO WE NEED CLAIMED YES/NO AND HOW WE GAVE IT BACK (PICKUP, POST, COURIER).', { entity: ['item', 'staff'], relation: [['item', 'staff']], choice: [['pickup', 'post', 'courier']], boolean: ['claimed'] }],
  ['my yarn stash + knitting projcts!! yarns: brand, colour, weight (lace/dk/aran/chunky), how many skeins, what i payed. projcts use one or more yarns and go queued -> on the needles -> blocking -> finished', { entity: ['yarn', 'projct'], relation: [['projct', 'yarn']], choice: [['lace', 'dk', 'aran', 'chunky']], money: ['yarn'], board: [['queued', 'on the needles', 'blocking', 'finished']] }],
  ["Angling club match results. Anglers (name, card number), matches (date, venue, entry fee) and weigh-ins: for each match, each angler's total weight. League table of anglers by total weight over the season, and whether each angler has paid the season fee.", { entity: ['angler', 'match', 'weigh-in'], relation: [['weigh-in', 'angler'], ['weigh-in', 'match']], money: ['match'], ranking: ['angler'], boolean: ['paid'] }],
  ['baby log: feeds (time, breast/bottle, ml), nappies (wet/dirty/both), sleeps', { entity: ['feed', 'napp', 'sleep'], choice: [['breast', 'bottle'], ['wet', 'dirty', 'both']] }],
  ["We're four families sharing the school run. I want the parents, the parents' kids, and the drives: date, which parent drives, morning or afternoon, and which kids ride along. A calendar view of the drives would be great so we see who's on when.", { entity: ['parent', 'kid', 'drive'], relation: [['kid', 'parent'], ['drive', 'parent']], choice: [['morning', 'afternoon']], calendar: ['drive'] }],
  ["cocktail menu for my bar - which cocktails we make, which spirit is the base of each, the glass, the price, and whether it's on this season's menu", { entity: ['cocktail', 'spirit'], relation: [['cocktail', 'spirit']], money: ['cocktail'], boolean: ['menu'] }],
  ['Hello, I am owner of small translation agency in Kraków. I need application for manage the orders. We have translators, each translator has his language pairs (for example PL-EN, PL-DE). Clients are sending orders: every order has client, translator, number of words, price for one word, deadline and information if the translation is already sended to client.', { entity: ['translator', 'client', 'order'], relation: [['order', 'client'], ['order', 'translator']], calendar: ['order'], money: ['order'], boolean: ['sended'] }],
  ['Hoi, we are a small flower bulb trading company and now we do everything in Excel. I want to make an overview of our growers and the lots we buy from them, per lot the sort (tulip, daffodil, hyacinth), the amount of bulbs and the price per 1000. Also the orders of our customers abroad, with the delivery week and if it is already paid.', { entity: ['grower', 'lot', 'order', 'customer'], relation: [['lot', 'grower'], ['order', 'customer']], choice: [['tulip', 'daffodil', 'hyacinth']], money: ['lot'], boolean: ['paid'] }],
  ["Bonjour, je gère une petite auto-école. Il me faudrait une appli avec les élèves, les moniteurs et les leçons de conduite (quel élève, quel moniteur, date et heure, prix). Je veux aussi noter pour chaque élève s'il a réussi le code.", { language: 'fr', entity: ['élève', 'moniteur', 'leçon'], relation: [['leçon', 'élève'], ['leçon', 'moniteur']], calendar: ['leçon'], money: ['leçon'], boolean: ['réussi'] }],
  ["vide-grenier de l'asso → exposants (nom, tél), emplacements (n°, taille 2m / 4m / 6m, tarif), chaque exposant réserve un emplacement, payé oui/non", { language: 'fr', entity: ['exposant', 'emplacement'], relation: [['exposant', 'emplacement']], choice: [['2m', '4m', '6m']], money: ['emplacement'], boolean: ['payé'] }],
  ["Salut ! On a un petit élevage de chèvres et je voudrais arrêter le carnet papier. Pour chaque chèvre : nom, race, date de naissance. Ensuite la traite de chaque chèvre (date, litres de lait), et les cabris nés de chaque chèvre avec leur sexe (mâle ou femelle) et s'ils ont été vendus.", { language: 'fr', entity: ['chèvre', 'traite', 'cabri'], relation: [['traite', 'chèvre'], ['cabri', 'chèvre']], choice: [['mâle', 'femelle']], boolean: ['vendus'] }],
  ['Wir sind eine kleine Freiwillige Feuerwehr und brauchen eine App: Mitglieder mit Dienstgrad, unsere Fahrzeuge, Übungsabende (Datum, Thema, welche Mitglieder teilgenommen haben) und die Atemschutzgeräte – jedes Gerät hat ein nächstes Prüfdatum und wir wollen sehen, ob es einsatzbereit ist. Übungen bitte im Kalender.', { language: 'de', entity: ['mitglied', 'fahrzeug', 'übung', 'gerät'], relation: [['übung', 'mitglied']], calendar: ['übung'], boolean: ['einsatzbereit'] }],
  ['Kegelclub – Kegler, Spielabende, Ergebnis je Kegler und Abend (Holz). Rangliste nach Holz!', { language: 'de', entity: ['kegler', 'abend', 'ergebnis'], relation: [['ergebnis', 'kegler'], ['ergebnis', 'abend']], ranking: ['kegler'] }],
  ['brennholz verkauf. kunden, lieferungen (kunde, datum, raummeter, buche/eiche/fichte, preis), bezahlt ja/nein', { language: 'de', entity: ['kunde', 'lieferung'], relation: [['lieferung', 'kunde']], choice: [['buche', 'eiche', 'fichte']], money: ['lieferung'], boolean: ['bezahlt'] }],
  ['¡Hola! Llevo un club de pádel y quiero una app para los socios y las reservas de pistas. Cada reserva es de un socio, en una pista (tenemos 4), con fecha, hora y precio. Me gustaría ver las reservas en un calendario. Y también un ranking de socios por partidos ganados.', { language: 'es', entity: ['socio', 'reserva', 'pista'], relation: [['reserva', 'socio'], ['reserva', 'pista']], calendar: ['reserva'], money: ['reserva'], ranking: ['socio'] }],
  ['tienda de arreglos de ropa. clientes, arreglos (cliente, prenda, tipo: bajo/cremallera/entallar, precio, fecha de entrega) y si ya está recogido', { language: 'es', entity: ['cliente', 'arreglo'], relation: [['arreglo', 'cliente']], choice: [['bajo', 'cremallera', 'entallar']], money: ['arreglo'], boolean: ['recogido'] }],
  ['Tengo tres gallineros con ponedoras. Quiero apuntar la puesta diaria de cada gallinero (fecha y número de huevos) y las ventas de huevos a los vecinos: quién compra, cuántas docenas, precio y si ha pagado. ¿Qué gallinero pone más? Eso también quiero verlo.', { language: 'es', entity: ['gallinero', 'puesta', 'venta'], relation: [['puesta', 'gallinero']], money: ['venta'], boolean: ['pagado'], ranking: ['gallinero'] }],
];

/**
 * Unseen, fifth set (`UNSEEN_5`): thirty prompts in domains and wordings of no other section (one-liners, a chatty
 * owner, a user story, questions, a CRUD spec with `->` and `|`, dash lists on one line, "belongs to", "each … for",
 * "sits in"; two each in French, German and Spanish, mixed among the English ones), written blind — without reading
 * the planner's source, any section's misses or the prompts of the unseen sections — before the planner was changed
 * for the misses of `UNSEEN_4`. Never edited or read prompt by prompt, so only its share is printed (65.9 % when
 * written). While the structural reading was built, its misses were examined by kind and by the parts of speech around
 * each missed word, never the words: it is no longer blind; `UNSEEN_7` and `UNSEEN_8` are. Target: 85 %.
 */
export const UNSEEN_5 = [
  ['I keep 12 beehives in two apiaries. Each inspection of a hive gets a date, notes, whether I saw the queen and the temper of the colony (calm, nervy, aggressive).', { entity: ['hive', 'apiary', 'inspection'], relation: [['inspection', 'hive'], ['hive', 'apiary']], calendar: ['inspection'], boolean: ['queen'], choice: [['calm', 'nervy', 'aggressive']] }],
  ['Build me a tracker for my pottery: every piece goes through thrown, trimmed, bisque-fired, glazed and finished, and I note the clay body and the glaze.', { entity: ['piece'], board: [['thrown', 'trimmed', 'bisque-fired', 'glazed', 'finished']] }],
  ['fishing log: catches with species, weight and lake, plus my top 10 biggest catches', { entity: ['catch'], ranking: ['catch'] }],
  ['Je gère une petite fromagerie : je veux suivre mes fromages (lait de vache, chèvre ou brebis), leur fournisseur et le prix au kilo.', { language: 'fr', entity: ['fromage', 'fournisseur'], relation: [['fromage', 'fournisseur']], choice: [['vache', 'chèvre', 'brebis']], money: ['fromage'] }],
  ['Escape room business: rooms, teams, bookings (team, room, date and time, price) and a leaderboard of teams by best escape time.', { entity: ['room', 'team', 'booking'], relation: [['booking', 'team'], ['booking', 'room']], calendar: ['booking'], money: ['booking'], ranking: ['team'] }],
  ['I teach piano from home. I need to keep my pupils and their lessons (day and time), and whether each lesson has been paid — lessons are £35.', { entity: ['pupil', 'lesson'], relation: [['lesson', 'pupil']], calendar: ['lesson'], money: ['lesson'], boolean: ['paid'] }],
  ['Community food bank: log donations from donors with the food type (fresh, chilled, tinned, dry goods), weight and expiry date.', { entity: ['donation', 'donor'], relation: [['donation', 'donor']], choice: [['fresh', 'chilled', 'tinned', 'dry goods']] }],
  ['Create a CRUD app. Entities: Vendor(name, email, phone); PurchaseOrder(vendor -> Vendor, total: currency, status: draft|approved|received). Kanban of purchase orders by status.', { entity: ['vendor', 'purchase order'], relation: [['purchase order', 'vendor']], money: ['purchase order'], board: [['draft', 'approved', 'received']] }],
  ['Could you make an app for the aquarium tanks I look after for clients? Each tank belongs to a client, and I do water tests on each tank (pH, nitrate, date).', { entity: ['tank', 'client', 'water test'], relation: [['tank', 'client'], ['water test', 'tank']] }],
  ['Ich brauche eine App für unsere Kleingartenanlage: Parzellen und Pächter, jede Parzelle hat einen Pächter und eine jährliche Pacht in Euro, und ob die Pacht bezahlt ist.', { language: 'de', entity: ['parzelle', 'pächter'], relation: [['parzelle', 'pächter']], money: ['parzelle'], boolean: ['bezahlt'] }],
  ['hackathon judging — teams submit projects, judges give scores 1-10, rank projects by average score', { entity: ['team', 'project', 'judge'], relation: [['project', 'team']], ranking: ['project'] }],
  ['Our choir needs a members list with voice part (soprano, alto, tenor, bass), a calendar of rehearsals and a list of concerts.', { entity: ['member', 'rehearsal', 'concert'], choice: [['soprano', 'alto', 'tenor', 'bass']], calendar: ['rehearsal'] }],
  ['- samples (ID, type, collected on) - boxes in freezers - each sample sits in a box - sample status: received, processing, analysed, archived (as a board)', { entity: ['sample', 'box', 'freezer'], relation: [['sample', 'box'], ['box', 'freezer']], board: [['received', 'processing', 'analysed', 'archived']] }],
  ['As a conference organiser I want to track talk submissions from speakers, have reviewers score them, and move each submission through submitted, in review, accepted, scheduled.', { entity: ['submission', 'speaker', 'reviewer'], relation: [['submission', 'speaker']], board: [['submitted', 'in review', 'accepted', 'scheduled']] }],
  ['Una academia de idiomas: alumnos, grupos por nivel (A1, A2, B1, B2), cada alumno en un grupo, y cuotas mensuales con el importe y si están pagadas.', { language: 'es', entity: ['alumno', 'grupo', 'cuota'], relation: [['alumno', 'grupo']], choice: [['A1', 'A2', 'B1', 'B2']], money: ['cuota'], boolean: ['pagadas'] }],
  ['I rent out four flats. Keep the properties, the tenant in each one, and monthly rent payments with the amount and whether it came in late.', { entity: ['property', 'tenant', 'payment'], relation: [['tenant', 'property']], money: ['payment'], boolean: ['late'] }],
  ['Event photographer here — clients book shoots on a date with a package (basic, standard or premium) and pay a deposit.', { entity: ['client', 'shoot'], relation: [['shoot', 'client']], calendar: ['shoot'], choice: [['basic', 'standard', 'premium']], money: ['shoot'] }],
  ['Climbing gym app: routes are set on walls with a grade and a hold colour, climbers log their ascents of routes, and a leaderboard ranks climbers by number of ascents.', { entity: ['route', 'wall', 'climber', 'ascent'], relation: [['route', 'wall'], ['ascent', 'climber'], ['ascent', 'route']], ranking: ['climber'] }],
  ['- clients - projects (each for a client, with an hourly rate) - time entries (project, date, hours, billable yes/no)', { entity: ['client', 'project', 'time entry'], relation: [['project', 'client'], ['time entry', 'project']], money: ['project'], boolean: ['billable'] }],
  ["Pour notre troupe de théâtre amateur : chaque pièce passe par lecture, répétitions, générale puis jouée. Les représentations d'une pièce ont une date et un lieu, à voir dans un calendrier.", { language: 'fr', entity: ['pièce', 'représentation'], relation: [['représentation', 'pièce']], board: [['lecture', 'répétitions', 'générale', 'jouée']], calendar: ['représentation'] }],
  ['As a teacher I want to track permission slips: each slip is for one student and one field trip, and is signed or not. Each trip has a fee.', { entity: ['slip', 'student', 'trip'], relation: [['slip', 'student'], ['slip', 'trip']], boolean: ['signed'], money: ['trip'] }],
  ['Makerspace: members book time on machines, bookings shown in a calendar, and we need to know if a member has done the safety induction.', { entity: ['member', 'machine', 'booking'], relation: [['booking', 'member'], ['booking', 'machine']], calendar: ['booking'], boolean: ['induction'] }],
  ['wine cellar: bottles — producer, vintage, region, colour (red, white, rosé, sparkling), price paid, drink by year', { entity: ['bottle'], choice: [['red', 'white', 'rosé', 'sparkling']], money: ['bottle'] }],
  ['Wir möchten die Ausleihe von Kostümen in unserem Fastnachtsverein verwalten: Kostüme, Mitglieder und Ausleihen (welches Mitglied, welches Kostüm, Rückgabedatum), dazu der Zustand (neu, gut, reparaturbedürftig).', { language: 'de', entity: ['kostüm', 'mitglied', 'ausleihe'], relation: [['ausleihe', 'kostüm'], ['ausleihe', 'mitglied']], choice: [['neu', 'gut', 'reparaturbedürftig']] }],
  ['Help our charity track grant applications to funders: amount requested, deadline, and stage (researching, drafting, submitted, awarded) on a board.', { entity: ['application', 'funder'], relation: [['application', 'funder']], money: ['application'], board: [['researching', 'drafting', 'submitted', 'awarded']] }],
  ['Generate an internal feature-flag tool: flags have a key, description, enabled (boolean) and environment (dev, staging, prod).', { entity: ['flag'], boolean: ['enabled'], choice: [['dev', 'staging', 'prod']] }],
  ['rowing club: boats (single, double, eight) and bookings of a boat for a date', { entity: ['boat', 'booking'], relation: [['booking', 'boat']], choice: [['single', 'double', 'eight']], calendar: ['booking'] }],
  ["What's the simplest way to run our school's lost property? Items found, where and when, category (clothing, bottles, electronics, other), claimed or not.", { entity: ['item'], choice: [['clothing', 'bottles', 'electronics', 'other']], boolean: ['claimed'] }],
  ['Organizo un torneo de pádel: parejas, partidos entre dos parejas con fecha y hora y el resultado, y un ranking de parejas por puntos.', { language: 'es', entity: ['pareja', 'partido'], relation: [['partido', 'pareja']], calendar: ['partido'], ranking: ['pareja'] }],
  ['How would I track tutors, students and sessions, where each session is one tutor with one student at a set time, and tutors are paid per session?', { entity: ['tutor', 'student', 'session'], relation: [['session', 'tutor'], ['session', 'student']], calendar: ['session'], money: ['session'] }],
];

/**
 * Unseen, sixth set (`UNSEEN_6`): forty prompts in domains and wordings of no other section (one-liners, chatty
 * owners, user stories, questions, terse `Entities:` and `Tables:` specs, dash lists on one line, lower case and typos,
 * "belongs to", "each … has several", possessives, "assigned to", "linked to", "log … against", "for every … a list
 * of", "(which …)", "who did it"; two each in French, German and Spanish, mixed among the English ones), written blind
 * — without reading the planner's source or tests, any section's misses or the prompts of the unseen sections — after
 * `UNSEEN_5` had been measured and before the planner was changed for anything after that measure. Measured first:
 * 58.8 %. Never edited; a tuning set like `UNSEEN_4`, printed prompt by prompt. Target: 85 %.
 */
export const UNSEEN_6 = [
  ['beekeeping log - my hives and the inspections i do on each hive, with the date and whether the queen was seen', { entity: ['hive', 'inspection'], relation: [['inspection', 'hive']], calendar: ['inspection'], boolean: ['queen seen'] }],
  ["Hi! I run a small plumbing business, 3 vans and 5 lads, and right now it's all on a whiteboard in the office. I need to keep track of jobs: the customer and their address, what the problem is, which plumber is going, the day and time, and what we charged. A job is either quoted, booked, done or invoiced. Seeing the week on a calendar would be a big help.", { entity: ['job', 'customer', 'plumber'], relation: [['job', 'customer'], ['job', 'plumber']], choice: [['quoted', 'booked', 'done', 'invoiced']], calendar: ['job'], money: ['job'] }],
  ['As a swim coach I want to log every race against a swimmer and a meet, with the stroke (freestyle, backstroke, breaststroke or butterfly) and the time, so I can rank races by time.', { entity: ['swimmer', 'meet', 'race'], relation: [['race', 'swimmer'], ['race', 'meet']], choice: [['freestyle', 'backstroke', 'breaststroke', 'butterfly']], ranking: ['race'] }],
  ['Can you make something to keep track of which antibodies our lab has in which freezer, with the lot number, the expiry date and whether the vial has been opened?', { entity: ['antibody', 'freezer'], relation: [['antibody', 'freezer']], boolean: ['opened'] }],
  ['Entities: Vessel (name, length, home port), Charter (vessel, client name, start date, end date, price, deposit paid y/n)', { entity: ['vessel', 'charter'], relation: [['charter', 'vessel']], calendar: ['charter'], money: ['charter'], boolean: ['deposit paid'] }],
  ['Je gère une petite école de musique et je voudrais une appli pour suivre les élèves, les professeurs et les cours. Chaque cours a un élève, un professeur, un instrument, une date et une heure et un tarif, et je veux savoir si le cours a été payé.', { language: 'fr', entity: ['élève', 'professeur', 'cours'], relation: [['cours', 'élève'], ['cours', 'professeur']], calendar: ['cours'], money: ['cours'], boolean: ['payé'] }],
  ['need somthing for my pottery studio.. students, their pieces and kiln firings. each piece goes in a firing, firings have a date + temprature. want to tick if a piece is glazed', { entity: ['student', 'piece', 'firing'], relation: [['piece', 'student'], ['piece', 'firing']], calendar: ['firing'], boolean: ['glazed'] }],
  ['Delivery tracker for a courier company: every parcel belongs to a route, and each route is driven by one driver on a given day. Parcels are pending, out for delivery, delivered or returned.', { entity: ['parcel', 'route', 'driver'], relation: [['parcel', 'route'], ['route', 'driver']], choice: [['pending', 'out for delivery', 'delivered', 'returned']], calendar: ['route'] }],
  ['Für unseren Kleingartenverein: Jede Parzelle gehört einem Pächter und hat eine Jahrespacht in Euro, und wir wollen sehen, ob sie bezahlt ist. Dazu Arbeitseinsätze mit Datum, für die sich die Pächter eintragen.', { language: 'de', entity: ['parzelle', 'pächter', 'arbeitseinsatz'], relation: [['parzelle', 'pächter'], ['arbeitseinsatz', 'pächter']], calendar: ['arbeitseinsatz'], money: ['parzelle'], boolean: ['bezahlt'] }],
  ['Change request kanban for the IT team: submitted → approved → scheduled → implemented → closed. Each request is assigned to an engineer and concerns one system.', { entity: ['request', 'engineer', 'system'], relation: [['request', 'engineer'], ['request', 'system']], board: [['submitted', 'approved', 'scheduled', 'implemented', 'closed']] }],
  ['Our food bank needs to log donations: who gave it (the donor), the date, the value in dollars and whether a receipt was sent. A donor can be an individual or a business.', { entity: ['donation', 'donor'], relation: [['donation', 'donor']], choice: [['individual', 'business']], money: ['donation'], boolean: ['receipt sent'] }],
  ['Quiero una app para mi clínica veterinaria: los dueños, sus mascotas y las citas. Cada cita es para una mascota, con fecha y hora, el motivo y el precio. ¿Se puede marcar también si la mascota está vacunada?', { language: 'es', entity: ['dueño', 'mascota', 'cita'], relation: [['mascota', 'dueño'], ['cita', 'mascota']], calendar: ['cita'], money: ['cita'], boolean: ['vacunada'] }],
  ['Catch log for our angling club match: each catch has the angler, the species, the weight in kg and the peg number. Heaviest catches at the top please', { entity: ['catch', 'angler'], relation: [['catch', 'angler']], ranking: ['catch'] }],
  ['Maintenance records for the machines in our gym — every repair on a machine with the date, what was wrong, the cost, and who did it (one of our technicians).', { entity: ['machine', 'repair', 'technician'], relation: [['repair', 'machine'], ['repair', 'technician']], money: ['repair'] }],
  ['community theatre app - shows - performances (show, date, time) - cast members - roles (which show, which cast member) - tickets sold per performance', { entity: ['show', 'performance', 'cast member', 'role'], relation: [['performance', 'show'], ['role', 'show'], ['role', 'cast member']], calendar: ['performance'] }],
  ['Scout troop badge tracker. Scouts earn badges; for each award we note the scout, the badge, the date and which leader signed it off.', { entity: ['scout', 'badge', 'award', 'leader'], relation: [['award', 'scout'], ['award', 'badge'], ['award', 'leader']] }],
  ['Housekeeping for our hotel: rooms are assigned to a housekeeper each morning, each room is dirty, cleaning, clean or inspected, and we flag rooms that are out of order.', { entity: ['room', 'housekeeper'], relation: [['room', 'housekeeper']], choice: [['dirty', 'cleaning', 'clean', 'inspected']], boolean: ['out of order'] }],
  ["We're a family dairy farm with about 120 cows. I'd like an app where every cow has her ear tag number, breed and date of birth, and we log the milk yield of each cow every day in litres. Also vet visits — date, which cow, what was done and the bill. And it'd be great to see which cows give the most milk.", { entity: ['cow', 'yield', 'vet visit'], relation: [['yield', 'cow'], ['vet visit', 'cow']], money: ['vet visit'], ranking: ['cow'] }],
  ['Tables: Course(title, credits) / Section(course, term, room) / Enrollment(student, section, grade)', { entity: ['course', 'section', 'enrollment'], relation: [['section', 'course'], ['enrollment', 'section']] }],
  ['landlord app. each building has several units, each unit’s tenant, and the issues tenants report (urgency low / medium / urgent) with a fixed yes/no', { entity: ['building', 'unit', 'tenant', 'issue'], relation: [['unit', 'building'], ['tenant', 'unit'], ['issue', 'tenant']], choice: [['low', 'medium', 'urgent']], boolean: ['fixed'] }],
  ['Ich brauche eine App für meine Fahrschule mit Fahrschülern, Fahrlehrern und Fahrstunden. Jede Fahrstunde gehört zu einem Fahrschüler und einem Fahrlehrer, hat Datum und Uhrzeit und einen Preis. Bei den Fahrschülern will ich abhaken, ob die Theorieprüfung bestanden ist.', { language: 'de', entity: ['fahrschüler', 'fahrlehrer', 'fahrstunde'], relation: [['fahrstunde', 'fahrschüler'], ['fahrstunde', 'fahrlehrer']], calendar: ['fahrstunde'], money: ['fahrstunde'], boolean: ['bestanden'] }],
  ['Conference planner: sessions take place in rooms at a start time, and for every session a list of speakers. Speakers have a short bio and whether their travel is booked.', { entity: ['session', 'room', 'speaker'], relation: [['session', 'room'], ['speaker', 'session']], calendar: ['session'], boolean: ['travel booked'] }],
  ['Simple timesheet for our architecture practice: staff log hours against a project, each project is for a client, entries have a date, the hours and an hourly rate, and get marked billed at the end of the month.', { entity: ['entry', 'project', 'client'], relation: [['entry', 'project'], ['project', 'client']], money: ['entry'], boolean: ['billed'] }],
  ['birdwatching: sightings of species at locations, with date + how many birds, and a list of species ranked by number of sightings', { entity: ['sighting', 'species', 'location'], relation: [['sighting', 'species'], ['sighting', 'location']], ranking: ['species'] }],
  ['Notre association de randonnée organise des sorties (date, lieu, niveau facile, moyen ou difficile) auxquelles les adhérents s’inscrivent. Il faut aussi savoir si chaque adhérent a payé sa cotisation.', { language: 'fr', entity: ['sortie', 'adhérent'], relation: [['sortie', 'adhérent']], choice: [['facile', 'moyen', 'difficile']], calendar: ['sortie'], boolean: ['cotisation'] }],
  ['warehouse: pallets in bays. pallet = sku, qty, received date, bay. bay = aisle, level. flag damaged pallets', { entity: ['pallet', 'bay'], relation: [['pallet', 'bay']], boolean: ['damaged'] }],
  ['As the owner of an escape room business I want to take bookings for each of our rooms with the date, time slot, group size and price, and record whether the group escaped.', { entity: ['booking', 'room'], relation: [['booking', 'room']], calendar: ['booking'], money: ['booking'], boolean: ['escaped'] }],
  ['On-call rotations for our SRE team. Each rotation is one engineer for a week (start and end date). Incidents are logged against the rotation with a severity of SEV1, SEV2 or SEV3 and a postmortem done yes/no.', { entity: ['rotation', 'engineer', 'incident'], relation: [['rotation', 'engineer'], ['incident', 'rotation']], choice: [['SEV1', 'SEV2', 'SEV3']], calendar: ['rotation'], boolean: ['postmortem'] }],
  ['Choir attendance: members (which voice part: soprano, alto, tenor, bass), rehearsals with a date, and attendance for each rehearsal', { entity: ['member', 'rehearsal', 'attendance'], relation: [['attendance', 'member'], ['attendance', 'rehearsal']], choice: [['soprano', 'alto', 'tenor', 'bass']], calendar: ['rehearsal'] }],
  ['family budget — accounts (checking, savings or credit card), transactions with an amount, date, category and which account, and i want to see the biggest expenses', { entity: ['account', 'transaction'], relation: [['transaction', 'account']], choice: [['checking', 'savings', 'credit card']], money: ['transaction'], ranking: ['transaction'] }],
  ['Somos una pequeña constructora y necesitamos controlar las obras, los trabajadores asignados a cada obra y los materiales comprados para cada obra con su coste. Cada obra pasa por presupuesto, en ejecución, terminada y cobrada.', { language: 'es', entity: ['obra', 'trabajador', 'material'], relation: [['trabajador', 'obra'], ['material', 'obra']], board: [['presupuesto', 'en ejecución', 'terminada', 'cobrada']], money: ['material'] }],
  ['My Pokémon card collection: cards in sets, condition (mint, near mint, played), value in €, graded or not. Show my most valuable cards first.', { entity: ['card', 'set'], relation: [['card', 'set']], choice: [['mint', 'near mint', 'played']], money: ['card'], ranking: ['card'], boolean: ['graded'] }],
  ['Field trips for my Year 4 class: each trip has a date and a cost per child, and for every pupil I need to tick whether the permission slip came back and whether they paid.', { entity: ['trip', 'pupil'], calendar: ['trip'], money: ['trip'], boolean: ['permission slip', 'paid'] }],
  ["We're a small charity running English classes for refugees. We have volunteer teachers, learners and classes. A class has one teacher and lots of learners, a weekday and a time. Each learner has a level (A1, A2, B1, B2) and we need to know if they need childcare.", { entity: ['teacher', 'learner', 'class'], relation: [['class', 'teacher'], ['learner', 'class']], choice: [['A1', 'A2', 'B1', 'B2']], calendar: ['class'], boolean: ['childcare'] }],
  ['Pipeline for our grant applications: researching, drafting, submitted, then awarded or rejected. Each one has the funder, the amount we asked for and the deadline.', { entity: ['application', 'funder'], relation: [['application', 'funder']], board: [['researching', 'drafting', 'submitted', 'awarded', 'rejected']], money: ['application'], calendar: ['application'] }],
  ['how do i set up a simple asset register where every laptop is linked to an employee and a department, with purchase date, price and when the warranty ends?', { entity: ['laptop', 'employee', 'department'], relation: [['laptop', 'employee'], ['laptop', 'department']], money: ['laptop'] }],
  ['I run 2 food trucks and want to plan which truck is at which event on which date, the pitch fee, and how much we took at each event. Rank the events by takings.', { entity: ['truck', 'event'], relation: [['event', 'truck']], calendar: ['event'], money: ['event'], ranking: ['event'] }],
  ['3d print farm: printers, jobs (file, material PLA/PETG/ABS, which printer, hours, price). show jobs on a board: queued, printing, done, failed', { entity: ['printer', 'job'], relation: [['job', 'printer']], choice: [['PLA', 'PETG', 'ABS']], board: [['queued', 'printing', 'done', 'failed']], money: ['job'] }],
  ['Hair salon: stylists, services with prices, appointments (client, stylist, service, date/time). Show stylists ranked by number of appointments.', { entity: ['stylist', 'service', 'appointment'], relation: [['appointment', 'stylist'], ['appointment', 'service']], calendar: ['appointment'], money: ['service'], ranking: ['stylist'] }],
  ['Cycling club: rides with a date, a route and the distance, members join rides, and a yearly leaderboard of members by total km', { entity: ['ride', 'member'], relation: [['ride', 'member']], calendar: ['ride'], ranking: ['member'] }],
];

/**
 * Unseen, seventh set (`UNSEEN_7`): forty prompts in domains and wordings of no other section (chatty owners, user
 * stories, questions, an entity spec with "has many", "Kanban columns" and a "pipeline" with `>`, lower case, typos and
 * shorthand such as "w/", "y/n" and "pls", "handed to", "is stored in", "comes from", "tie … to", "per", "for each … the
 * …", "= one … on one …"; two each in French, German and Spanish, mixed among the English ones), written blind —
 * without reading the planner's source or tests, any section's misses or the prompts of any section after the first —
 * at the end of the structural round, after the planner's structural reading was built. Never edited, read prompt by
 * prompt or tuned to: the unread measure, so only its share is printed. Target: 85 %.
 */
export const UNSEEN_7 = [
  ["I run a small plumbing business with three vans. When a customer rings I need to put the job in: which plumber is going out, the address, the date and time of the visit and what we charged. Would be nice to tick off when the customer has paid.", { entity: ['job', 'plumber', 'customer'], relation: [['job', 'plumber'], ['job', 'customer']], calendar: ['job'], money: ['job'], boolean: ['paid'] }],
  ['hive inspections log - for each of my hives, the inspections with date, queen seen y/n, brood frames count and honey taken (kg)', { entity: ['hive', 'inspection'], relation: [['inspection', 'hive']], boolean: ['queen seen'] }],
  ['As a receptionist at a physio clinic, I want to book patients into appointments with one of our therapists so that nobody is double-booked. An appointment is an initial assessment, a follow-up or a discharge.', { entity: ['patient', 'appointment', 'therapist'], relation: [['appointment', 'patient'], ['appointment', 'therapist']], calendar: ['appointment'], choice: [['initial assessment', 'follow-up', 'discharge']] }],
  ["Pour notre club de randonnée, j'aimerais gérer les sorties (date, lieu, niveau facile, moyen ou difficile) et les inscriptions des adhérents à chaque sortie.", { language: 'fr', entity: ['sortie', 'adhérent', 'inscription'], relation: [['inscription', 'sortie'], ['inscription', 'adhérent']], calendar: ['sortie'], choice: [['facile', 'moyen', 'difficile']] }],
  ['Asset register. Laptops: serial no, model, purchase price, warranty end, employee it is issued to, encrypted (y/n). Employees: name, department.', { entity: ['laptop', 'employee'], relation: [['laptop', 'employee']], money: ['laptop'], boolean: ['encrypted'] }],
  ['can you make me something to keep track of which paddock each of my cows is in and when they were moved there? about 200 head of cattle, 15 paddocks', { entity: ['paddock', 'cow'], relation: [['cow', 'paddock']] }],
  ['Dispatch board for our courier company: deliveries go from booked to picked up to in transit to delivered, each one has a driver, a parcel weight and the fee we charge.', { entity: ['delivery', 'driver'], relation: [['delivery', 'driver']], board: [['booked', 'picked up', 'in transit', 'delivered']], money: ['delivery'] }],
  ['Wir haben eine kleine Pension mit acht Zimmern. Ich brauche eine App für die Buchungen: welcher Gast in welchem Zimmer, Anreise- und Abreisedatum, Preis und ob Frühstück dabei ist.', { language: 'de', entity: ['zimmer', 'buchung', 'gast'], relation: [['buchung', 'gast'], ['buchung', 'zimmer']], calendar: ['buchung'], money: ['buchung'], boolean: ['frühstück'] }],
  ["Food bank app. We take in donations from donors (what, how many kilos, date) and hand out food parcels to registered households each week. Need to see which households haven't collected their parcel yet.", { entity: ['donation', 'donor', 'parcel', 'household'], relation: [['donation', 'donor'], ['parcel', 'household']], boolean: ['collected'] }],
  ['Bouldering comp scoring: climbers, problems and tops. A top = one climber on one problem + number of attempts. leaderboard by points pls', { entity: ['climber', 'problem', 'top'], relation: [['top', 'climber'], ['top', 'problem']], ranking: ['climber'] }],
  ["We're a small language school. Teachers run courses (Spanish A1, French B2 and so on), students enrol in courses, and each enrolment has the fee for the term and whether it's been settled.", { entity: ['teacher', 'course', 'student', 'enrolment'], relation: [['course', 'teacher'], ['enrolment', 'student'], ['enrolment', 'course']], money: ['enrolment'], boolean: ['settled'] }],
  ['Somos una cooperativa de aceite. Necesitamos registrar cada entrega de aceituna de un socio: kilos, fecha, variedad (picual, arbequina u hojiblanca) y si ya se le ha pagado.', { language: 'es', entity: ['socio', 'entrega'], relation: [['entrega', 'socio']], choice: [['picual', 'arbequina', 'hojiblanca']], boolean: ['pagado'] }],
  ['CFP tool for our dev conference: speakers submit talks, reviewers give each talk a score from 1 to 5, and we want the talks sorted by average score so we can pick the top 30. Talk status: submitted, accepted, rejected, waitlisted.', { entity: ['speaker', 'talk', 'reviewer'], relation: [['talk', 'speaker']], ranking: ['talk'], choice: [['submitted', 'accepted', 'rejected', 'waitlisted']] }],
  ['Family medicine cabinet: medicines (name, strength, expiry date) and doses, i.e. which family member takes which medicine and at what time each day.', { entity: ['medicine', 'dose', 'family member'], relation: [['dose', 'medicine'], ['dose', 'family member']] }],
  ['Pothole reporting for the council. Residents report potholes with a location and a photo; each report is handed to a road crew and goes through Reported, Inspected, Scheduled and Fixed.', { entity: ['report', 'road crew'], relation: [['report', 'road crew']], board: [['reported', 'inspected', 'scheduled', 'fixed']] }],
  ['im a piano teacher, want to keep my studnets, their weekly lessons (day + time) and what each lesson costs, also which pieces theyre working on', { entity: ['studnet', 'lesson', 'piece'], relation: [['lesson', 'studnet'], ['piece', 'studnet']], calendar: ['lesson'], money: ['lesson'] }],
  ['Vaccination tracker for a small cattery: cats, their owners, and vaccinations with the vaccine (FVRCP, rabies or FeLV) and when the next booster is due', { entity: ['cat', 'owner', 'vaccination'], relation: [['cat', 'owner'], ['vaccination', 'cat']], choice: [['FVRCP', 'rabies', 'FeLV']], calendar: ['vaccination'] }],
  ['Unser Sportverein braucht eine Übersicht der Mitgliedsbeiträge: jedes Mitglied mit Jahresbeitrag in Euro, ob bezahlt, und seiner Sparte (Fußball, Turnen oder Tischtennis).', { language: 'de', entity: ['mitglied'], money: ['mitglied'], boolean: ['bezahlt'], choice: [['fußball', 'turnen', 'tischtennis']] }],
  ['Site diary for my building firm: each project has a daily entry (weather, how many workers on site, what got done) and I want to flag any entry where there was a safety incident.', { entity: ['project', 'entry'], relation: [['entry', 'project']], boolean: ['incident'] }],
  ["How would I set up something to run our pub quiz league? Eight teams, a quiz night every Tuesday where we write down each team's score, and a league table with the most points at the top.", { entity: ['team', 'quiz night'], calendar: ['quiz night'], ranking: ['team'] }],
  ['Wine cellar: bottles (producer, vintage, region, price paid, score out of 100) + tasting notes for each bottle; list the best scored bottles first', { entity: ['bottle', 'tasting note'], relation: [['tasting note', 'bottle']], money: ['bottle'], ranking: ['bottle'] }],
  ['Incident log for our SRE team: every incident has a severity (SEV1, SEV2, SEV3), a start and end time, is handled by an on-call engineer, and has a postmortem written yes/no.', { entity: ['incident', 'engineer'], relation: [['incident', 'engineer']], choice: [['SEV1', 'SEV2', 'SEV3']], boolean: ['postmortem'] }],
  ["Je suis fleuriste et j'aimerais suivre mes commandes : client, type (mariage, enterrement, anniversaire), date de livraison, composition, prix et acompte versé ou non.", { language: 'fr', entity: ['commande', 'client'], relation: [['commande', 'client']], choice: [['mariage', 'enterrement', 'anniversaire']], calendar: ['commande'], money: ['commande'], boolean: ['acompte'] }],
  ['As a warehouse manager I want to look up pallets by bay so I can find stock quickly. Each pallet is stored in a bay and holds a quantity of one SKU (code, description).', { entity: ['pallet', 'bay', 'sku'], relation: [['pallet', 'bay'], ['pallet', 'sku']] }],
  ["Hi! So I've got a cleaning company, about 12 cleaners, and honestly it's all on whatsapp and a paper diary right now which is chaos. What I need: a list of the houses we clean (address, key code, how often - weekly, fortnightly or monthly), which cleaner does which visit on which day, and what we charge per visit. Would be amazing if the cleaners could tick a visit as done too.", { entity: ['house', 'cleaner', 'visit'], relation: [['visit', 'house'], ['visit', 'cleaner']], choice: [['weekly', 'fortnightly', 'monthly']], calendar: ['visit'], money: ['visit'], boolean: ['done'] }],
  ['Organizo un torneo de pádel: parejas inscritas, partidos entre dos parejas con fecha, hora y pista, y una clasificación de las parejas por victorias.', { language: 'es', entity: ['pareja', 'partido'], relation: [['partido', 'pareja']], calendar: ['partido'], ranking: ['pareja'] }],
  ['tattoo studio booking system - artist, client, design, deposit (£), session length, date/time. each artist should see their own day', { entity: ['booking', 'artist', 'client'], relation: [['booking', 'artist'], ['booking', 'client']], calendar: ['booking'], money: ['booking'] }],
  ['Entity spec for a literary agency. Author has many Manuscripts. Manuscript: title, word count, genre (fantasy / crime / literary / romance). Kanban columns for manuscripts: Received, Reading, Shortlisted, Offered, Declined.', { entity: ['author', 'manuscript'], relation: [['manuscript', 'author']], choice: [['fantasy', 'crime', 'literary', 'romance']], board: [['received', 'reading', 'shortlisted', 'offered', 'declined']] }],
  ["I'm type 1 diabetic. I want to log blood sugar readings (value, time, and when: before meal, after meal or bedtime) and insulin injections (units, time, rapid or long-acting).", { entity: ['reading', 'injection'], choice: [['before meal', 'after meal', 'bedtime'], ['rapid', 'long-acting']] }],
  ['Ski hire shop: equipment (skis, boots, helmets) with a daily rate; each rental ties one customer to one piece of equipment from a pickup date to a return date, and we mark whether the deposit was refunded.', { entity: ['equipment', 'rental', 'customer'], relation: [['rental', 'customer'], ['rental', 'equipment']], choice: [['skis', 'boots', 'helmets']], money: ['equipment'], calendar: ['rental'], boolean: ['refunded'] }],
  ['Lab sample tracker: each sample comes from a study participant, is kept in a freezer (rack and position), has a collection date and a consent-given flag.', { entity: ['sample', 'participant', 'freezer'], relation: [['sample', 'participant'], ['sample', 'freezer']], boolean: ['consent'] }],
  ['Monthly appliance checks at our fire station: each check is done on one appliance by a firefighter, with a result of pass or fail and some notes.', { entity: ['appliance', 'check', 'firefighter'], relation: [['check', 'appliance'], ['check', 'firefighter']], choice: [['pass', 'fail']] }],
  ['aquarium water tests. i have 4 tanks, for each tank log the tests: date, ph, ammonia, nitrite, nitrate, temp + did i do a water change y/n', { entity: ['tank', 'test'], relation: [['test', 'tank']], boolean: ['water change'] }],
  ['Donor CRM for a small charity: supporters, their gifts (amount, date, which campaign), campaigns with a fundraising target, and a top supporters list by total given.', { entity: ['supporter', 'gift', 'campaign'], relation: [['gift', 'supporter'], ['gift', 'campaign']], money: ['gift', 'campaign'], ranking: ['supporter'] }],
  ['Removals firm: quotes for house moves with the customer, moving date, from and to addresses, number of rooms and the quoted price. Status is quoted, booked, completed or cancelled.', { entity: ['quote', 'customer'], relation: [['quote', 'customer']], calendar: ['quote'], money: ['quote'], choice: [['quoted', 'booked', 'completed', 'cancelled']] }],
  ["swim school app - kids work through badges stage 1 to 7. need each kid's current stage, their class group and the instructor who teaches that group, plus if they've paid for the term", { entity: ['kid', 'group', 'instructor'], relation: [['kid', 'group'], ['group', 'instructor']], boolean: ['paid'] }],
  ['translation agency job tracker: jobs have a client, source and target language, word count, rate per word, deadline and a translator. pipeline: new > assigned > translating > proofreading > delivered', { entity: ['job', 'client', 'translator'], relation: [['job', 'client'], ['job', 'translator']], calendar: ['job'], money: ['job'], board: [['new', 'assigned', 'translating', 'proofreading', 'delivered']] }],
  ["birding life list - species i've seen, and every sighting with place, date and how many birds. rank species by number of sightings pls", { entity: ['species', 'sighting'], relation: [['sighting', 'species']], ranking: ['species'] }],
  ['Our primary school wants to stop chasing paper permission slips. For every trip (destination, date, cost per pupil) we need a slip for each pupil going, showing whether the parent signed and whether they paid.', { entity: ['trip', 'pupil', 'slip'], relation: [['slip', 'trip'], ['slip', 'pupil']], calendar: ['trip'], money: ['trip'], boolean: ['signed', 'paid'] }],
  ["landlord w/ 5 flats. tenants (name, phone, monthly rent) live in a flat, repair requests per flat w/ urgency low/med/high & whether it's fixed", { entity: ['flat', 'tenant', 'repair'], relation: [['tenant', 'flat'], ['repair', 'flat']], choice: [['low', 'med', 'high']], money: ['tenant'], boolean: ['fixed'] }],
];

/**
 * Unseen, eighth set (`UNSEEN_8`): forty prompts in domains and wordings of no other section (chatty owners, user
 * stories, questions, a "Tables:" spec in CamelCase, dash lists on several lines, kanban stages with arrows and `>`,
 * lower case, typos and shorthand such as "w/", "thru" and "y/n"; four in French, three each in German and Spanish,
 * mixed among the English ones), written blind — without reading the planner's source or tests, any section's misses or
 * what the planner makes of any of its prompts — at the start of the eleventh round, after the image check and before
 * any planner change this session. Never edited, read prompt by prompt or tuned to: the unread measure, so only its
 * share is printed. Target: 85 %.
 */
export const UNSEEN_8 = [
  ['karate dojo: students, belt gradings (date, examiner, new belt: white, yellow, orange, green, blue, brown, black), monthly fees paid y/n', { entity: ['student', 'grading'], relation: [['grading', 'student']], choice: [['white', 'yellow', 'orange', 'green', 'blue', 'brown', 'black']], boolean: ['paid'] }],
  ["Hey, I own a two-room recording studio and the bookings are a mess. Bands book a room with one of our engineers for a session: date, start time, how many hours. We charge by the hour so I want the total for each session, and I need to know whether the band has paid the deposit.", { entity: ['band', 'room', 'engineer', 'session'], relation: [['session', 'band'], ['session', 'room'], ['session', 'engineer']], calendar: ['session'], money: ['session'], boolean: ['deposit'] }],
  ['Tables: Horse(name, breed, owner, stable) / Owner(name, phone) / Stable(number, block) / FarrierVisit(horse, date, cost)', { entity: ['horse', 'owner', 'stable', 'farrier visit'], relation: [['horse', 'owner'], ['horse', 'stable'], ['farrier visit', 'horse']], money: ['farrier visit'] }],
  ['As the parish clerk I want a register of our churchyard: every grave plot has a row and a number, each burial is in a plot with the name of the deceased and the date of burial, and each plot is leased to a leaseholder until an expiry date.', { entity: ['plot', 'burial', 'leaseholder'], relation: [['burial', 'plot'], ['plot', 'leaseholder']] }],
  ['community radio schedule - presenters, shows (each show has a presenter, genre music, talk or news) and the weekly slots each show airs in (day, start, end). want to see the slots as a calendar', { entity: ['presenter', 'show', 'slot'], relation: [['show', 'presenter'], ['slot', 'show']], choice: [['music', 'talk', 'news']], calendar: ['slot'] }],
  ["Pour notre colonie de vacances : les enfants sont répartis dans des chalets, et chaque chalet a un animateur responsable. Pour chaque enfant on note ses allergies et si l'autorisation parentale est signée.", { language: 'fr', entity: ['enfant', 'chalet', 'animateur'], relation: [['enfant', 'chalet'], ['chalet', 'animateur']], boolean: ['autorisation'] }],
  ["Hey! I captain our uni esports society and I'm sick of tracking everything in Discord. We play scrims against other unis: each scrim has a date, the opponent, the game (Valorant, League of Legends or Rocket League) and whether we won. I'd also like to log each player's kills in every scrim and have a leaderboard of players by total kills.", { entity: ['scrim', 'player'], choice: [['Valorant', 'League of Legends', 'Rocket League']], boolean: ['won'], ranking: ['player'] }],
  ['As secretary of our housing co-op I want to record the general meetings (date), the motions put to each meeting, and how each member voted on each motion: for, against or abstain.', { entity: ['meeting', 'motion', 'member', 'vote'], relation: [['motion', 'meeting'], ['vote', 'motion'], ['vote', 'member']], choice: [['for', 'against', 'abstain']] }],
  ['seed libary for our town. varieties (name, type vegetable/herb/flower), members, and borrowings - a member takes a packet of a variety on a date, and whether seeds were returned at the end of the season y/n', { entity: ['variety', 'member', 'borrowing'], relation: [['borrowing', 'member'], ['borrowing', 'variety']], choice: [['vegetable', 'herb', 'flower']], boolean: ['returned'] }],
  ['Drone survey company\n- pilots (name, licence no)\n- drones (model, serial, hours flown)\n- clients\n- jobs: client, site, quoted price\n- flights: job, pilot, drone, date, minutes', { entity: ['pilot', 'drone', 'client', 'job', 'flight'], relation: [['job', 'client'], ['flight', 'job'], ['flight', 'pilot'], ['flight', 'drone']], money: ['job'] }],
  ['Schützenverein: Schützen, Wettkämpfe (Datum, Disziplin Luftgewehr, Luftpistole oder Kleinkaliber) und die Ergebnisse je Schütze und Wettkampf in Ringen. Bitte eine Rangliste der Schützen nach Ringen.', { language: 'de', entity: ['schütze', 'wettkampf', 'ergebnis'], relation: [['ergebnis', 'schütze'], ['ergebnis', 'wettkampf']], choice: [['Luftgewehr', 'Luftpistole', 'Kleinkaliber']], ranking: ['schütze'] }],
  ['Log my EV charging sessions: where (home, work or public charger), kWh added, cost, date, and whether it was a rapid charge.', { entity: ['charging session'], choice: [['home', 'work', 'public charger']], money: ['charging session'], boolean: ['rapid'] }],
  ['I plow driveways in winter. Customers are grouped into routes, and each customer pays a flat seasonal price. After every snowfall I log a visit to each customer with the date and whether I spread salt.', { entity: ['customer', 'route', 'visit'], relation: [['customer', 'route'], ['visit', 'customer']], money: ['customer'], boolean: ['salt'] }],
  ['Debate society tournament tab: speakers in teams, rounds (each with a motion), and a score for each speaker in each round. Rank speakers by total speaker points.', { entity: ['speaker', 'team', 'round', 'score'], relation: [['speaker', 'team'], ['score', 'speaker'], ['score', 'round']], ranking: ['speaker'] }],
  ['I make soy candles and sell them wholesale to gift shops. I need the shops (name, town, contact), my scents with a wholesale price, and orders: which shop, order date, sent by Royal Mail or courier. Flag shops that are behind on payment.', { entity: ['shop', 'scent', 'order'], relation: [['order', 'shop']], choice: [['Royal Mail', 'courier']], money: ['scent'], boolean: ['behind'] }],
  ['Tenemos una empresa de visitas guiadas por Sevilla. Necesito gestionar los guías, los tours (nombre, duración, precio por persona) y las reservas: qué tour, qué día, cuántas personas y qué guía lo hace. Me gustaría ver las reservas en un calendario.', { language: 'es', entity: ['guía', 'tour', 'reserva'], relation: [['reserva', 'tour'], ['reserva', 'guía']], money: ['tour'], calendar: ['reserva'] }],
  ['coin collection app. countries, coins (year, denomination, country, grade: fine / very fine / extremely fine / uncirculated, what i paid, current value). sort coins by value, highest first', { entity: ['country', 'coin'], relation: [['coin', 'country']], choice: [['fine', 'very fine', 'extremely fine', 'uncirculated']], money: ['coin'], ranking: ['coin'] }],
  ['Kanban for my YouTube channel. Each video goes Idea → Scripted → Filmed → Edited → Uploaded. Some videos have a sponsor, with the sponsor fee.', { entity: ['video', 'sponsor'], relation: [['video', 'sponsor']], board: [['idea', 'scripted', 'filmed', 'edited', 'uploaded']], money: ['video'] }],
  ["As a ward sister I'd like to see which patient is in which bed on our ward, the date they were admitted, their consultant, and whether they are nil by mouth.", { entity: ['patient', 'bed', 'consultant'], relation: [['patient', 'bed'], ['patient', 'consultant']], boolean: ['nil by mouth'] }],
  ["mushroom farm - grow blocks (species: oyster, lion's mane, shiitake), each block moves thru inoculated > colonising > fruiting > harvested. log harvests per block w/ weight in g", { entity: ['block', 'harvest'], relation: [['harvest', 'block']], choice: [['oyster', "lion's mane", 'shiitake']], board: [['inoculated', 'colonising', 'fruiting', 'harvested']] }],
  ['Je gère une microbrasserie et je livre des fûts aux bars du coin. Pour chaque livraison : le bar, la bière (blonde, ambrée, IPA ou stout), le nombre de fûts, le prix et si les fûts vides ont été récupérés.', { language: 'fr', entity: ['bar', 'livraison'], relation: [['livraison', 'bar']], choice: [['blonde', 'ambrée', 'IPA', 'stout']], money: ['livraison'], boolean: ['récupérés'] }],
  ['Cricket club stats: players, matches (date, opposition, home or away) and innings, i.e. the runs a player scored in a match. Batting averages table, best first.', { entity: ['player', 'match', 'innings'], relation: [['innings', 'player'], ['innings', 'match']], choice: [['home', 'away']], ranking: ['player'] }],
  ['planning a 3 week road trip across the US! stops (city, arrival date, number of nights) and the accommodation at each stop (campsite or motel, price per night, booked y/n). would love to see the stops on a calendar', { entity: ['stop', 'accommodation'], relation: [['accommodation', 'stop']], choice: [['campsite', 'motel']], money: ['accommodation'], boolean: ['booked'], calendar: ['stop'] }],
  ['is it possible to make an observing log for my telescope? targets (Messier number, type), sessions (date, location, seeing good/average/poor), and observations = a target seen in a session w/ notes', { entity: ['target', 'session', 'observation'], relation: [['observation', 'target'], ['observation', 'session']], choice: [['good', 'average', 'poor']] }],
  ['We award five scholarships a year. Applicants send in an application with an essay, and three panel members each score every application out of 20. I want the applications ranked by total score, and a field for whether the applicant is first-generation.', { entity: ['applicant', 'application', 'panel member'], relation: [['application', 'applicant']], ranking: ['application'], boolean: ['first-generation'] }],
  ['Wir haben einen Hofladen und möchten Vorbestellungen verwalten. Kunden bestellen Produkte (Eier, Kartoffeln, Honig usw.) mit einem Abholtag; jede Bestellung gehört zu einem Kunden, hat einen Gesamtpreis und einen Haken für abgeholt.', { language: 'de', entity: ['kunde', 'produkt', 'bestellung'], relation: [['bestellung', 'kunde']], money: ['bestellung'], boolean: ['abgeholt'] }],
  ['Small local museum collection database. Objects (accession number, title, date, material) come from donors and are displayed in a gallery; some objects are out on loan to other museums, each loan with a return date.', { entity: ['object', 'donor', 'gallery', 'loan'], relation: [['object', 'donor'], ['object', 'gallery'], ['loan', 'object']] }],
  ['Shooting schedule for our short film: scenes (number, location, day or night), the actors needed in each scene, and shoot days. Each scene gets shot on one shoot day. Calendar of shoot days please.', { entity: ['scene', 'actor', 'shoot day'], relation: [['scene', 'shoot day']], choice: [['day', 'night']], calendar: ['shoot day'] }],
  ['Auction house: sales (date, venue), lots in each sale with a low and high estimate and the hammer price, bidders, and the winning bidder for each lot. Show the top lots by hammer price.', { entity: ['sale', 'lot', 'bidder'], relation: [['lot', 'sale'], ['lot', 'bidder']], money: ['lot'], ranking: ['lot'] }],
  ['Agence immobilière : des biens (adresse, surface, prix de vente), des acquéreurs, et les visites d’un bien par un acquéreur à une date. Chaque bien passe par estimation, mandat signé, en vente, sous compromis puis vendu.', { language: 'fr', entity: ['bien', 'acquéreur', 'visite'], relation: [['visite', 'bien'], ['visite', 'acquéreur']], money: ['bien'], board: [['estimation', 'mandat signé', 'en vente', 'sous compromis', 'vendu']] }],
  ["We buy and sell used cars, about 40 in stock at any time. For each car: make, model, reg, mileage, what we paid and the asking price. Pipeline: bought, in prep, on forecourt, reserved, sold. Also which salesperson sold it.", { entity: ['car', 'salesperson'], relation: [['car', 'salesperson']], money: ['car'], board: [['bought', 'in prep', 'on forecourt', 'reserved', 'sold']] }],
  ['can you make a booking thing for the shared laundry room in our building? 2 washers and 1 dryer, residents book a machine for a 1 hour slot', { entity: ['machine', 'resident', 'booking'], relation: [['booking', 'machine'], ['booking', 'resident']], calendar: ['booking'] }],
  ['agencia de viajes pequeña: clientes, viajes (destino, fecha de salida, fecha de regreso, precio) y reservas de clientes en viajes. estado de la reserva: pendiente, pagada o cancelada', { language: 'es', entity: ['cliente', 'viaje', 'reserva'], relation: [['reserva', 'cliente'], ['reserva', 'viaje']], money: ['viaje'], choice: [['pendiente', 'pagada', 'cancelada']] }],
  ['I write a weekly newsletter (~30k subscribers) and sell sponsorships. Sponsors buy ad slots; each slot is in one issue (send date), is either primary or classified, has a price, and invoiced yes/no.', { entity: ['sponsor', 'slot', 'issue'], relation: [['slot', 'sponsor'], ['slot', 'issue']], choice: [['primary', 'classified']], money: ['slot'], boolean: ['invoiced'] }],
  ['kids party buisness - partys (childs name, age, date, adress, package bronze/silver/gold), the entertainer asigned to each party, deposit £ and balance £. need a calender of partys', { entity: ['party', 'entertainer'], relation: [['party', 'entertainer']], choice: [['bronze', 'silver', 'gold']], money: ['party'], calendar: ['party'] }],
  ['Dorf-Carsharing: wir haben zwei E-Autos, Mitglieder buchen ein Auto für einen Zeitraum (von/bis) und tragen nach der Fahrt die gefahrenen Kilometer ein. Kosten 0,30 € pro km. Ein Kalender der Buchungen wäre super.', { language: 'de', entity: ['auto', 'mitglied', 'buchung'], relation: [['buchung', 'auto'], ['buchung', 'mitglied']], calendar: ['buchung'], money: ['buchung'] }],
  ["Ref appointments for our youth ice hockey league: teams, referees (name, level), and games with a home team, an away team, the date and the rink. Each game gets a referee and a match fee, and I tick whether the fee's been paid.", { entity: ['team', 'referee', 'game'], relation: [['game', 'team'], ['game', 'referee']], calendar: ['game'], money: ['game'], boolean: ['paid'] }],
  ['Bonjour, je suis secrétaire de mairie. On loue la salle des fêtes aux habitants : il faudrait un agenda des réservations (date, demandeur, type : fête privée, association ou réunion), le tarif et si la caution a été rendue.', { language: 'fr', entity: ['réservation', 'demandeur'], relation: [['réservation', 'demandeur']], calendar: ['réservation'], choice: [['fête privée', 'association', 'réunion']], money: ['réservation'], boolean: ['caution'] }],
  ['Student council election app: candidates (name, year group, running for president, treasurer or secretary) and the votes cast for each candidate. Results page ranking candidates by votes.', { entity: ['candidate', 'vote'], relation: [['vote', 'candidate']], choice: [['president', 'treasurer', 'secretary']], ranking: ['candidate'] }],
  ['¿Puedes hacerme una app para nuestro banco de tiempo? Los socios ofrecen servicios (clases, reparaciones o cuidados) y cada intercambio es entre un socio que da y otro que recibe, con las horas. Quiero un ranking de socios por horas dadas.', { language: 'es', entity: ['socio', 'servicio', 'intercambio'], relation: [['servicio', 'socio'], ['intercambio', 'socio']], choice: [['clases', 'reparaciones', 'cuidados']], ranking: ['socio'] }],
];

/** Lower case without accents, as snake_case names are made. */
function plain(text) {
  return String(text).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** A word's stem for matching either number in any of the four languages: "créneaux", "creneau" -> "crene". */
function stem(word) {
  const text = plain(word);
  return text.length > 5 ? text.slice(0, Math.max(4, text.length - 3)) : text.replace(/(es|s)$/, '');
}

function entityMatching(plan, word) {
  const wanted = stem(word);
  return plan.entities.find((entity) => [entity.name, entity.label, entity.label_singular].some((name) => plain(name).includes(wanted)));
}

const CHECKS = {
  entity: (plan, word) => entityMatching(plan, word) !== undefined,
  relation: (plan, [from, to]) => {
    const source = entityMatching(plan, from);
    const target = entityMatching(plan, to);
    return Boolean(source && target && source.fields.some((field) => field.entity === target.name));
  },
  choice: (plan, options) => plan.entities.some((entity) => entity.fields.some((field) => field.options && options.every((option) => field.options.some((candidate) => plain(candidate) === plain(option))))),
  board: (plan, stages) => plan.pages.some((page) => {
    if (page.kind !== 'board') return false;
    const field = plan.entities.find((entity) => entity.name === page.entity)?.fields.find((candidate) => candidate.name === page.field);
    return Boolean(field?.options) && stages.every((stage, index) => plain(field.options[index] ?? '') === plain(stage));
  }),
  calendar: (plan, word) => plan.pages.some((page) => page.kind === 'calendar' && page.entity === entityMatching(plan, word)?.name),
  ranking: (plan, word) => plan.pages.some((page) => page.kind === 'ranking' && page.entity === entityMatching(plan, word)?.name),
  money: (plan, word) => Boolean(entityMatching(plan, word)?.fields.some((field) => (field.type === 'number' || field.type === 'integer') && field.hint === 'currency')),
  boolean: (plan, word) => plan.entities.some((entity) => entity.fields.some((field) => field.type === 'boolean' && (plain(field.name).includes(stem(word)) || plain(field.label).includes(stem(word))))),
  language: (plan, language) => (plan.language ?? 'en') === language,
};

function describe(kind, value) {
  return `${kind} ${Array.isArray(value) ? value.join(kind === 'relation' ? ' → ' : ', ') : value}`;
}

function fitOf(prompts) {
  const results = [];
  const times = [];
  for (const [prompt, concepts] of prompts) {
    const started = performance.now();
    let plan = null;
    let error = null;
    try {
      plan = planApp(prompt);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    times.push(performance.now() - started);
    const checked = [];
    for (const [kind, values] of Object.entries(concepts)) {
      for (const value of kind === 'language' ? [values] : values) checked.push({ concept: describe(kind, value), found: plan !== null && CHECKS[kind](plan, value) });
    }
    results.push({ prompt, plan, error, checked });
  }
  const all = results.flatMap((result) => result.checked);
  const found = all.filter((check) => check.found).length;
  return { results, found, total: all.length, share: found / all.length, times };
}

/** Every section: the bench prompts (`PROMPTS`), the held-out (`HELD_OUT`), fresh (`FRESH`) and unseen (`UNSEEN`, `UNSEEN_2`, `UNSEEN_3`, `UNSEEN_4`, `UNSEEN_5`, `UNSEEN_6`, `UNSEEN_7`, `UNSEEN_8`) ones, each with its own share. */
export function benchFit() {
  const bench = fitOf(PROMPTS);
  const heldOut = fitOf(HELD_OUT);
  const fresh = fitOf(FRESH);
  const unseen = fitOf(UNSEEN);
  const unseen2 = fitOf(UNSEEN_2);
  const unseen3 = fitOf(UNSEEN_3);
  const unseen4 = fitOf(UNSEEN_4);
  const unseen5 = fitOf(UNSEEN_5);
  const unseen6 = fitOf(UNSEEN_6);
  const unseen7 = fitOf(UNSEEN_7);
  const unseen8 = fitOf(UNSEEN_8);
  const sorted = [...bench.times, ...heldOut.times, ...fresh.times, ...unseen.times, ...unseen2.times, ...unseen3.times, ...unseen4.times, ...unseen5.times, ...unseen6.times, ...unseen7.times, ...unseen8.times].sort((a, b) => a - b);
  return { ...bench, heldOut, fresh, unseen, unseen2, unseen3, unseen4, unseen5, unseen6, unseen7, unseen8, p50: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
}

/** Prints a section's prompts with what each missed, then its share; `unread`: the share alone, and any errors. */
function printSection(title, { results, found, total, share }, target, unread = false) {
  console.log(`\n${title}`);
  for (const { prompt, plan, error, checked } of results) {
    if (unread) {
      if (error) console.log(`ERROR  (a prompt of this section) ${error}`);
      continue;
    }
    const missed = checked.filter((check) => !check.found);
    const mark = error ? 'ERROR' : `${checked.length - missed.length}/${checked.length}`;
    console.log(`${mark.padStart(5)}  ${prompt.length > 90 ? `${prompt.slice(0, 87)}...` : prompt}`);
    if (error) console.log(`       ${error}`);
    else if (missed.length) console.log(`       missed: ${missed.map((check) => check.concept).join('; ')}  (planned "${plan.name}": ${plan.entities.map((entity) => entity.name).join(', ')})`);
  }
  console.log(`${found}/${total} concepts found: ${(share * 100).toFixed(1)} % (target ${target * 100} %)`);
}

/** Prints every table; returns whether every share reached its target. */
export function printFit({ heldOut, fresh, unseen, unseen2, unseen3, unseen4, unseen5, unseen6, unseen7, unseen8, p50, max, ...bench }) {
  printSection('blueprint fit, bench (concepts of each prompt found in the planned data model and pages)', bench, TARGET_SHARE);
  printSection('blueprint fit, held-out (prompts nobody tuned the planner to)', heldOut, HELD_OUT_TARGET_SHARE);
  printSection('blueprint fit, fresh (written before the held-out misses were fixed, never tuned to)', fresh, HELD_OUT_TARGET_SHARE);
  printSection('blueprint fit, unseen (written last, measured before any change, never edited or tuned to)', unseen, HELD_OUT_TARGET_SHARE);
  printSection('blueprint fit, unseen 2 (written before the unseen misses were fixed, never edited; read while tuning)', unseen2, HELD_OUT_TARGET_SHARE);
  printSection('blueprint fit, unseen 3 (written before the unseen 2 misses were fixed, never edited; read while tuning)', unseen3, HELD_OUT_TARGET_SHARE);
  printSection('blueprint fit, unseen 4 (written blind before the unseen 3 misses were fixed, never edited; read while tuning)', unseen4, HELD_OUT_TARGET_SHARE);
  // its prompts and misses are not printed: reading them would make it one more section tuned to
  printSection('blueprint fit, unseen 5 (written blind before the unseen 4 misses were fixed, never read; misses examined by kind; its share alone)', unseen5, HELD_OUT_TARGET_SHARE, true);
  printSection('blueprint fit, unseen 6 (written blind before any change this round; read while tuning)', unseen6, HELD_OUT_TARGET_SHARE);
  // its prompts and misses are not printed either, for the same reason
  printSection('blueprint fit, unseen 7 (written blind at the end of the structural round, never read or tuned to; its share alone)', unseen7, HELD_OUT_TARGET_SHARE, true);
  // nor are these: written blind at the start of this round, it is the newest unread measure
  printSection('blueprint fit, unseen 8 (written blind at the start of the eleventh round, never read or tuned to; its share alone)', unseen8, HELD_OUT_TARGET_SHARE, true);
  console.log(`\nbench ${(bench.share * 100).toFixed(1)} %, held-out ${(heldOut.share * 100).toFixed(1)} %, fresh ${(fresh.share * 100).toFixed(1)} %, unseen ${(unseen.share * 100).toFixed(1)} %, unseen 2 ${(unseen2.share * 100).toFixed(1)} %, unseen 3 ${(unseen3.share * 100).toFixed(1)} %, unseen 4 ${(unseen4.share * 100).toFixed(1)} %, unseen 5 ${(unseen5.share * 100).toFixed(1)} %, unseen 6 ${(unseen6.share * 100).toFixed(1)} %, unseen 7 ${(unseen7.share * 100).toFixed(1)} %, unseen 8 ${(unseen8.share * 100).toFixed(1)} %; planning took ${p50.toFixed(1)} ms p50, ${max.toFixed(1)} ms max per prompt`);
  return bench.share >= TARGET_SHARE && [heldOut, fresh, unseen, unseen2, unseen3, unseen4, unseen5, unseen6, unseen7, unseen8].every((section) => section.share >= HELD_OUT_TARGET_SHARE);
}
