// Closed sets of values as people write them after a field's name. Sentences written for this spec (not the fit
// bench's); each asserts the plan a user would see.
import { extractChoices } from './choice-phrases';
import { planApp } from './plan-app';
import { entity, field, names } from './plan-lookup.testing';

describe('planApp reads the values a field can take', () => {
  it('"a plan that is either monthly, yearly or lifetime": the field offers them, and they are not fields of their own', () => {
    const plan = planApp('A gym membership tracker: members with a plan that is either monthly, yearly or lifetime, and a phone number');
    expect(field(plan, 'members', 'plan')).toMatchObject({ type: 'select', options: ['Monthly', 'Yearly', 'Lifetime'] });
    expect(plan.entities.flatMap((entity) => entity.fields.map((candidate) => candidate.name))).not.toContain('lifetime');
  });

  it('"Severity can be low, medium, high or critical." in a sentence of its own: the field of the thing named before', () => {
    const plan = planApp('Track bug reports. Severity can be low, medium, high or critical. Each bug is assigned to a developer.');
    expect(field(plan, 'bugs', 'severity')).toMatchObject({ type: 'select', options: ['Low', 'Medium', 'High', 'Critical'] });
    expect(field(plan, 'bugs', 'assigned_to')).toMatchObject({ type: 'reference', entity: 'developers' });
  });

  it('"the outcome is one of: sale, callback, no answer": "one of" makes a list without "or" a choice', () => {
    const plan = planApp('Log my sales calls with the date and a note; the outcome is one of: sale, callback, no answer, not interested');
    const [first] = names(plan);
    expect(field(plan, first, 'outcome')).toMatchObject({ type: 'select', options: ['Sale', 'Callback', 'No answer', 'Not interested'] });
  });

  it('"light needs (low, medium or bright)", "their voice part (soprano, alto, …)": a name of two words before the values', () => {
    const plants = planApp('Keep track of my plants: name, species, light needs (low, medium or bright), and the last watered date');
    expect(field(plants, 'plants', 'light_needs')).toMatchObject({ type: 'select', options: ['Low', 'Medium', 'Bright'] });
    const choir = planApp('Our choir: singers with their voice part (soprano, alto, tenor, bass), and concerts');
    expect(field(choir, 'singers', 'voice_part')).toMatchObject({ type: 'select', options: ['Soprano', 'Alto', 'Tenor', 'Bass'] });
    // (one field, not a text field beside a choice named by the last word)
    expect(choir.entities.flatMap((entity) => entity.fields.map((candidate) => candidate.name))).not.toContain('part');
  });

  it('"each job is on a date and is either scheduled, done or invoiced": the states of the thing the sentence is about', () => {
    const plan = planApp('A CRM for my cleaning company: clients and jobs. Each job is at a client\'s address on a date, and is either scheduled, done or invoiced.');
    expect(field(plan, 'jobs', 'status')).toMatchObject({ type: 'select', options: ['Scheduled', 'Done', 'Invoiced'] });
  });

  it('values after "marked as", "tagged", "choose a type from", a dash or "like": a choice, and no word of the phrase a value', () => {
    const leads = planApp('A small CRM. Leads get marked as hot, warm or cold.');
    expect(field(leads, 'leads', 'status')).toMatchObject({ type: 'select', options: ['Hot', 'Warm', 'Cold'] });
    expect(entity(leads, 'leads').fields.map((candidate) => candidate.name)).not.toContain('hot');
    const customers = planApp('Customers are tagged VIP, regular or new.');
    expect(field(customers, 'customers', 'tag')).toMatchObject({ type: 'select', options: ['VIP', 'Regular', 'New'] });
    const events = planApp('Events where you choose a type from concert, talk and workshop.');
    expect(field(events, 'events', 'type')).toMatchObject({ type: 'select', options: ['Concert', 'Talk', 'Workshop'] });
    const paints = planApp('Paint inventory: each paint has a colour - red, green or blue - and a quantity.');
    expect(field(paints, 'paints', 'colour')).toMatchObject({ type: 'select', options: ['Red', 'Green', 'Blue'] });
    const expenses = planApp('Expenses with amount, date and a category like food, travel or rent.');
    expect(field(expenses, 'expenses', 'category')).toMatchObject({ type: 'select', options: ['Food', 'Travel', 'Rent'] });
  });

  it('"size: S, M, L or XL, and quantity", "size and condition new, used or worn out": the list ends where the values do', () => {
    const shirts = planApp('T-shirt orders: customer, size: S, M, L or XL, and quantity.');
    expect(field(shirts, names(shirts)[0], 'size')).toMatchObject({ type: 'select', options: ['S', 'M', 'L', 'XL'] });
    expect(field(shirts, names(shirts)[0], 'quantity')).toMatchObject({ type: 'integer' });
    const shoes = planApp('Shoes by brand, size and condition new, used or worn out.');
    expect(field(shoes, 'shoes', 'condition')).toMatchObject({ type: 'select', options: ['New', 'Used', 'Worn out'] });
  });

  it('"status waiting/in progress/done": values of several words between slashes after a closed-set field', () => {
    const plan = planApp('repairs: bike, price, status waiting/in progress/done');
    expect(field(plan, 'repairs', 'status')).toMatchObject({ type: 'select', options: ['Waiting', 'In progress', 'Done'] });
    expect(entity(plan, 'repairs').fields.map((candidate) => candidate.name)).not.toContain('done');
  });

  it('"stamps (year, condition: mint, used, damaged)", "finish: matte / gloss / satin": values after a colon, to the list\'s end', () => {
    const stamps = planApp('Stamp album: countries, stamps (year, country, new state: mint, used, damaged)');
    expect(field(stamps, 'stamps', 'new_state')).toMatchObject({ type: 'select', options: ['Mint', 'Used', 'Damaged'] });
    expect(entity(stamps, 'stamps').fields.map((candidate) => candidate.name)).not.toContain('used');
    const paints = planApp('Paint shop: paints (name, finish: matte / gloss / satin / eggshell, price)');
    expect(field(paints, 'paints', 'finish')).toMatchObject({ type: 'select', options: ['Matte', 'Gloss', 'Satin', 'Eggshell'] });
    expect(field(paints, 'paints', 'price')).toMatchObject({ type: 'number' });
    // (outside a parenthesis, the commas after a colon may be fields)
    expect(extractChoices('stamps: year, country, value').choices).toEqual([]);
  });

  it('"orders sent by Royal Mail or courier", "paid by card or cash": the ways a deed is done', () => {
    const plan = planApp('Cafe till: sales paid by card or cash, with the amount');
    expect(field(plan, 'sales', 'paid_by')).toMatchObject({ type: 'select', options: ['Card', 'Cash'] });
    expect(extractChoices('orders sent by Royal Mail or courier').choices).toEqual([{ name: 'sent_by', options: ['Royal Mail', 'Courier'], at: 7 }]);
    // (things done by people the app keeps are no choice)
    expect(extractChoices('tasks assigned to a developer or a tester').choices).toEqual([]);
  });

  it('"colour (red|white|rosé)": values joined by bars', () => {
    const plan = planApp('Our wine cellar: wines with a colour (red|white|rosé), a region and a vintage year');
    expect(field(plan, names(plan)[0], 'colour')).toMatchObject({ type: 'select', options: ['Red', 'White', 'Rosé'] });
  });

  it('"small, medium ou large": a French, German or Spanish "or" left by the translation joins the last value too', () => {
    expect(extractChoices('a size that is small, medium ou large').choices).toEqual([{ name: 'size', options: ['Small', 'Medium', 'Large'], at: 2 }]);
  });

  it('keeps what only looks like a choice: a clause, yes or no, "each X is …" (the thing\'s own status, read by the parser)', () => {
    expect(extractChoices('each task is assigned to a developer or a tester').choices).toEqual([]);
    expect(extractChoices('the answer is yes or no').choices).toEqual([]);
    expect(extractChoices('each ride is open, full or cancelled').choices).toEqual([]);
    expect(extractChoices('members, books and meetings').choices).toEqual([]);
  });

  it('"sleeping bags (down, synthetic or wool)", "which trail grade: green, blue, red": values in parentheses', () => {
    const plan = planApp('Camping gear rental: tents (dome, tunnel or geodesic), renters with a phone, and rentals of a tent by a renter');
    expect(field(plan, 'tents', 'type')).toMatchObject({ type: 'select', options: ['Dome', 'Tunnel', 'Geodesic'] });
    expect(extractChoices('hikers (which trail grade: green, blue, red)').choices).toEqual([{ name: 'trail_grade', options: ['Green', 'Blue', 'Red'], at: 0 }]);
    expect(extractChoices('stamps (year, country, value)').choices).toEqual([]);
    expect(extractChoices('log repairs (date, cost, urgent or routine)').choices).toEqual([]);
  });

  it('"skaters (derby name, number)": after a plural thing, a list holding a typed field is its fields, not values', () => {
    const plan = planApp('A roller derby app: skaters (derby name, number).');
    expect(field(plan, 'skaters', 'number')).toMatchObject({ type: 'integer' });
    expect(plan.entities.flatMap((entity) => entity.fields).filter((candidate) => candidate.type === 'select')).toEqual([]);
    // (sizes are values still: no field among them)
    expect(extractChoices('shirts (S, M, L, XL)').choices).toEqual([{ name: 'shirts', options: ['S', 'M', 'L', 'XL'], at: 0 }]);
  });

  it('"a priority of P1, P2 or P3", "difficulty easy, medium, hard": a closed-set field\'s name, then its values', () => {
    expect(extractChoices('tickets come in with a priority of P1, P2 or P3 and a reporter').choices).toEqual([{ name: 'priority', options: ['P1', 'P2', 'P3'], at: 23 }]);
    expect(extractChoices('climbing routes, difficulty easy, medium, hard.').choices).toEqual([{ name: 'difficulty', options: ['Easy', 'Medium', 'Hard'], at: 17 }]);
    expect(extractChoices('a colour red, green or blue').choices).toEqual([]);
  });

  it('"a member can be a junior or an adult": kinds of a thing the app keeps, as its type', () => {
    const plan = planApp('Swim club: members with a phone and a lane. A member can be a junior or an adult.');
    expect(field(plan, 'members', 'type')).toMatchObject({ type: 'select', options: ['Junior', 'Adult'] });
  });

  it('"parcels are pending, out for delivery, delivered or returned": states of a few words each', () => {
    const plan = planApp('Courier app: parcels with an address. Parcels are pending, out for delivery, delivered or returned.');
    expect(plan.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.options?.includes('Out for delivery'))?.options).toEqual(['Pending', 'Out for delivery', 'Delivered', 'Returned']);
  });

  it('"lockers come in three sizes (20 cu ft, 40 cu ft or 60 cu ft)": values of three words, none of them a field', () => {
    const plan = planApp('Gym lockers: lockers come in three sizes (20 cu ft, 40 cu ft or 60 cu ft), each with a weekly rate.');
    const fields = plan.entities.flatMap((entity) => entity.fields);
    expect(fields.find((candidate) => candidate.options?.includes('40 cu ft'))).toMatchObject({ type: 'select', options: ['20 cu ft', '40 cu ft', '60 cu ft'] });
    expect(fields.map((candidate) => candidate.name)).not.toContain('n_40_cu_ft');
  });

  it('"a share (70/30 or 80/20)": a slash between numbers is part of the value', () => {
    const plan = planApp('Artists sell prints through us; every print has a title, a price and a share (70/30 or 80/20).');
    expect(field(plan, 'prints', 'share')).toMatchObject({ type: 'select', options: ['70/30', '80/20'] });
  });

  it('"a guest\'s visit (business, leisure or family)": after a possessive, the values are the visit\'s type, not a field of the guest', () => {
    const plan = planApp('Hotel desk: each stay is a guest\'s visit (business, leisure or family) with a room and a nightly rate.');
    expect(plan.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.options?.includes('Leisure'))?.name).not.toMatch(/^s_/);
    expect(plan.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.options?.includes('Leisure'))?.options).toEqual(['Business', 'Leisure', 'Family']);
  });

  it('"(number, location, day or night)": two words joined by "or" in a field list are a choice, though one names a field', () => {
    const plan = planApp('Film shoot: scenes (number, location, day or night) and actors.');
    expect(entity(plan, 'scenes').fields.find((candidate) => candidate.options?.includes('Night'))?.options).toEqual(['Day', 'Night']);
    // ("paid or unpaid" is a yes/no fact)
    const bills = planApp('Household: bills (date, amount, paid or unpaid)');
    expect(field(bills, 'bills', 'paid')).toMatchObject({ type: 'boolean' });
    expect(entity(bills, 'bills').fields.map((candidate) => candidate.name)).not.toContain('unpaid');
  });

  it('"(name, voice part: soprano, alto, tenor or bass, email)": an "or" ends the values, and the fields go on', () => {
    const plan = planApp('Choir: singers (name, voice part: soprano, alto, tenor or bass, email) and concerts');
    expect(field(plan, 'singers', 'voice_part')).toMatchObject({ type: 'select', options: ['Soprano', 'Alto', 'Tenor', 'Bass'] });
    expect(entity(plan, 'singers').fields.map((candidate) => candidate.name)).toEqual(['name', 'voice_part', 'email']);
  });
});
