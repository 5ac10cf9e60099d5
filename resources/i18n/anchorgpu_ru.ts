<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en_US">
<context>
    <name></name>
    <message id="AdvancedTrainingOptions.0_43_2_or_later_4">
        <source>0.43.2 or later: 4-bit layers keep no input</source>
        <translation>0.43.2 и новее: 4-битные слои не сохраняют входы</translation>
    </message>
    <message id="AdvancedTrainingOptions.activation_offloading">
        <source>Activation offloading</source>
        <translation>Выгрузка активаций</translation>
    </message>
    <message id="AdvancedTrainingOptions.adamw_16_bytes_per_parameter_mixed">
        <source>AdamW: 16 bytes per parameter mixed, 8 pure (ZeRO paper; torchtune)</source>
        <translation>AdamW: 16 байт на параметр при смешанной, 8 при чистой (статья ZeRO; torchtune)</translation>
    </message>
    <message id="AdvancedTrainingOptions.advanced_options">
        <source>Advanced options</source>
        <translation>Дополнительные параметры</translation>
    </message>
    <message id="AdvancedTrainingOptions.all_attention_projections">
        <source>All attention projections</source>
        <translation>Все проекции внимания</translation>
    </message>
    <message id="AdvancedTrainingOptions.all_linear_layers">
        <source>All linear layers</source>
        <translation>Все линейные слои</translation>
    </message>
    <message id="AdvancedTrainingOptions.before_0_43_2_each_4">
        <source>Before 0.43.2: each 4-bit layer keeps its input</source>
        <translation>До 0.43.2: каждый 4-битный слой сохраняет свой вход</translation>
    </message>
    <message id="AdvancedTrainingOptions.bitsandbytes">
        <source>bitsandbytes</source>
        <translation>bitsandbytes</translation>
    </message>
    <message id="AdvancedTrainingOptions.chunked_cross_entropy">
        <source>Chunked cross-entropy</source>
        <translation>Кросс-энтропия по частям</translation>
    </message>
    <message id="AdvancedTrainingOptions.chunks_avoid_holding_the_whole_vocabulary">
        <source>chunks avoid holding the whole vocabulary&apos;s logits in fp32</source>
        <translation>по частям: логиты всего словаря не хранятся в fp32 разом</translation>
    </message>
    <message id="AdvancedTrainingOptions.cpu_offload">
        <source>CPU offload</source>
        <translation>Выгрузка на CPU</translation>
    </message>
    <message id="AdvancedTrainingOptions.double_quantization">
        <source>Double quantization</source>
        <translation>Двойное квантование</translation>
    </message>
    <message id="AdvancedTrainingOptions.dropout_on_the_adapters_input_stores">
        <source>dropout on the adapters&apos; input: stores a copy of it</source>
        <translation>dropout на входе адаптеров: хранит его копию</translation>
    </message>
    <message id="AdvancedTrainingOptions.for_lora_and_qlora_only">
        <source>for LoRA and QLoRA only</source>
        <translation>только для LoRA и QLoRA</translation>
    </message>
    <message id="AdvancedTrainingOptions.for_qlora_only">
        <source>for QLoRA only</source>
        <translation>только для QLoRA</translation>
    </message>
    <message id="AdvancedTrainingOptions.fp32_training_keeps_no_master_copy">
        <source>fp32 training keeps no master copy: nothing to choose</source>
        <translation>при обучении в fp32 нет копии весов: выбирать нечего</translation>
    </message>
    <message id="AdvancedTrainingOptions.full_logits_in_fp32">
        <source>Full logits in fp32</source>
        <translation>Все логиты в fp32</translation>
    </message>
    <message id="AdvancedTrainingOptions.hugging_face_transformers_trainer">
        <source>Hugging Face Transformers Trainer</source>
        <translation>Trainer из Hugging Face Transformers</translation>
    </message>
    <message id="AdvancedTrainingOptions.litgpt_fine_tuning_scripts">
        <source>LitGPT fine-tuning scripts</source>
        <translation>Скрипты дообучения LitGPT</translation>
    </message>
    <message id="AdvancedTrainingOptions.litgpt_s_scripts_fix_their_own">
        <source>LitGPT&apos;s scripts fix their own LM head and loss</source>
        <translation>скрипты LitGPT сами задают выходной слой и функцию потерь</translation>
    </message>
    <message id="AdvancedTrainingOptions.lora_dropout">
        <source>LoRA dropout</source>
        <translation>Dropout в LoRA</translation>
    </message>
    <message id="AdvancedTrainingOptions.lora_targets">
        <source>LoRA targets</source>
        <translation>Слои LoRA</translation>
    </message>
    <message id="AdvancedTrainingOptions.loss">
        <source>Loss</source>
        <translation>Функция потерь</translation>
    </message>
    <message id="AdvancedTrainingOptions.mixed_fp32_master_copy_and_fp32">
        <source>Mixed: fp32 master copy and fp32 states</source>
        <translation>Смешанная: fp32-копия весов и состояния в fp32</translation>
    </message>
    <message id="AdvancedTrainingOptions.model_flops_utilisation">
        <source>Model FLOPs utilisation</source>
        <translation>Доля пика (MFU)</translation>
    </message>
    <message id="AdvancedTrainingOptions.move_stored_activations_to_cpu_memory">
        <source>move stored activations to CPU memory</source>
        <translation>переносить сохранённые активации в память CPU</translation>
    </message>
    <message id="AdvancedTrainingOptions.none">
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message id="AdvancedTrainingOptions.optimizer_in_backward">
        <source>Optimizer in backward</source>
        <translation>Оптимизатор в обратном проходе</translation>
    </message>
    <message id="AdvancedTrainingOptions.optimizer_states">
        <source>Optimizer states</source>
        <translation>Состояния оптимизатора</translation>
    </message>
    <message id="AdvancedTrainingOptions.optimizer_states_weights_and_gradients">
        <source>Optimizer states, weights and gradients</source>
        <translation>Состояния оптимизатора, веса и градиенты</translation>
    </message>
    <message id="AdvancedTrainingOptions.pure_16_bit_weights_and_states">
        <source>Pure 16-bit: weights and states in bf16/fp16</source>
        <translation>Чистая 16-битная: веса и состояния в bf16/fp16</translation>
    </message>
    <message id="AdvancedTrainingOptions.quantize_the_nf4_scales_too_bitsandbytes">
        <source>quantize the NF4 scales too (bitsandbytes, QLoRA)</source>
        <translation>квантовать и масштабы NF4 (bitsandbytes, QLoRA)</translation>
    </message>
    <message id="AdvancedTrainingOptions.query_and_value_projections">
        <source>Query and value projections</source>
        <translation>Проекции query и value</translation>
    </message>
    <message id="AdvancedTrainingOptions.share_of_the_gpus_peak_reached">
        <source>share of the GPUs&apos; peak reached: at the default 40 % the run&apos;s time comes from the speed model calibrated on published runs; another value sets it</source>
        <translation>доля достигнутого пика GPU: при значении по умолчанию 40 % время обучения берётся из модели скорости, откалиброванной по опубликованным запускам; другое значение задаёт его напрямую</translation>
    </message>
    <message id="AdvancedTrainingOptions.step_during_backward_one_gradient_alive">
        <source>step during backward: one gradient alive at a time</source>
        <translation>шаг во время обратного прохода: в памяти один градиент</translation>
    </message>
    <message id="AdvancedTrainingOptions.the_release_qlora_runs_older_ones">
        <source>the release QLoRA runs: older ones keep more for backward</source>
        <translation>выпуск, на котором работает QLoRA: старые сохраняют больше для обратного прохода</translation>
    </message>
    <message id="AdvancedTrainingOptions.torchtune_recipes">
        <source>torchtune recipes</source>
        <translation>Рецепты torchtune</translation>
    </message>
    <message id="AdvancedTrainingOptions.torchtune_s_qlora_runs_on_torchao">
        <source>torchtune&apos;s QLoRA runs on torchao, not bitsandbytes</source>
        <translation>QLoRA в torchtune работает на torchao, а не на bitsandbytes</translation>
    </message>
    <message id="AdvancedTrainingOptions.trained_weights">
        <source>Trained weights</source>
        <translation>Обучаемые веса</translation>
    </message>
    <message id="AdvancedTrainingOptions.trainer">
        <source>Trainer</source>
        <translation>Тренер</translation>
    </message>
    <message id="AdvancedTrainingOptions.what_its_loop_keeps_besides_the">
        <source>what its loop keeps besides the layers; sets its recipes&apos; defaults</source>
        <translation>что его цикл хранит помимо слоёв; задаёт значения по умолчанию его рецептов</translation>
    </message>
    <message id="AdvancedTrainingOptions.zero_offload_fsdp_cpuoffload_the_host">
        <source>ZeRO-Offload, FSDP CPUOffload: the host must hold what is moved</source>
        <translation>ZeRO-Offload, FSDP CPUOffload: выгруженное должно поместиться в память хоста</translation>
    </message>
    <message id="AnnotateDialog.anything_to_remember_notes_are_searched">
        <source>Anything to remember; notes are searched too</source>
        <translation>Всё, что стоит запомнить; по заметкам тоже ищется</translation>
    </message>
    <message id="AnnotateDialog.e_g_chatbot_staging">
        <source>e.g. chatbot staging</source>
        <translation>например, чат-бот, тестовый стенд</translation>
    </message>
    <message id="AnnotateDialog.label">
        <source>&amp;Label:</source>
        <translation>&amp;Название:</translation>
    </message>
    <message id="AnnotateDialog.label_and_notes_of_id">
        <source>Label and notes of {id}</source>
        <translation>Название и заметки {id}</translation>
    </message>
    <message id="AnnotateDialog.notes">
        <source>&amp;Notes:</source>
        <translation>&amp;Заметки:</translation>
    </message>
    <message id="CatalogTableModel.bandwidth_gb_s">
        <source>Bandwidth, GB/s</source>
        <translation>Пропускная способность, ГБ/с</translation>
    </message>
    <message id="CatalogTableModel.bf16_tflops">
        <source>BF16 TFLOPs</source>
        <translation>BF16, Тфлопс</translation>
    </message>
    <message id="CatalogTableModel.compute_capability_cc">
        <source>Compute capability {cc}</source>
        <translation>Compute capability {cc}</translation>
    </message>
    <message id="CatalogTableModel.gpu">
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message id="CatalogTableModel.gpu_target_gfx">
        <source>GPU target {gfx}</source>
        <translation>Цель GPU {gfx}</translation>
    </message>
    <message id="CatalogTableModel.interconnect">
        <source>Interconnect</source>
        <translation>Связь между GPU</translation>
    </message>
    <message id="CatalogTableModel.link_n_per_node">
        <source>{link}, {n} per node</source>
        <translation>{link}, до {n} на узел</translation>
    </message>
    <message id="CatalogTableModel.platform">
        <source>Platform</source>
        <translation>Платформа</translation>
    </message>
    <message id="CatalogTableModel.runs_natively">
        <source>Runs natively</source>
        <translation>Нативные форматы</translation>
    </message>
    <message id="CatalogTableModel.slower_kernels">
        <source>Slower kernels</source>
        <translation>Через медленные ядра</translation>
    </message>
    <message id="CatalogTableModel.tensor_core_formats_the_slower_ones">
        <source>Tensor-core formats; the slower ones run through weight-only or software kernels</source>
        <translation>Форматы тензорных ядер; медленные выполняются ядрами только для весов или программно</translation>
    </message>
    <message id="CatalogTableModel.the_offer_s_driver_supports_up">
        <source>the offer&apos;s driver supports up to version {v}</source>
        <translation>драйвер предложения поддерживает версии до {v}</translation>
    </message>
    <message id="CatalogTableModel.unit_currency_gpu_h">
        <source>{unit}, {currency}/GPU-h</source>
        <translation>{unit}, {currency}/GPU-час</translation>
    </message>
    <message id="CatalogTableModel.vram">
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message id="CatalogView.catalog_id_as_of_date_count">
        <source>Catalog {id} as of {date}: {count} GPU offers, prices per GPU-hour in {currency} for each fixed rental term. Memory in GiB; bandwidth in GB/s.</source>
        <translation>Каталог {id} на {date}: предложений GPU — {count}, цены за GPU-час в {currency} для каждого фиксированного срока аренды. Память в ГиБ, пропускная способность в ГБ/с.</translation>
    </message>
    <message id="CatalogView.gpu_offers_of_the_catalog">
        <source>GPU offers of the catalog</source>
        <translation>Предложения GPU из каталога</translation>
    </message>
    <message id="CompareDialog.compare_options">
        <source>Compare options</source>
        <translation>Сравнение вариантов</translation>
    </message>
    <message id="CompareDialog.compare_saved_quotes">
        <source>Compare saved quotes</source>
        <translation>Сравнение сохранённых смет</translation>
    </message>
    <message id="CompareDialog.csv_csv">
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message id="CompareDialog.export_csv">
        <source>Export CSV…</source>
        <translation>Экспорт в CSV…</translation>
    </message>
    <message id="CompareDialog.export_the_comparison">
        <source>Export the comparison</source>
        <translation>Экспорт сравнения</translation>
    </message>
    <message id="CompareDialog.pdf_pdf">
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message id="CompareDialog.save_as_pdf">
        <source>Save as PDF…</source>
        <translation>Сохранить как PDF…</translation>
    </message>
    <message id="Comparison.decode_tokens_s_bound">
        <source>Decode tokens/s (bound)</source>
        <translation>Декодирование, токенов/с (верхняя оценка)</translation>
    </message>
    <message id="Comparison.gpu">
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message id="Comparison.gpu_compute">
        <source>GPU compute</source>
        <translation>Вычисления GPU</translation>
    </message>
    <message id="Comparison.gpus">
        <source>GPUs</source>
        <translation>Число GPU</translation>
    </message>
    <message id="Comparison.headroom">
        <source>Headroom</source>
        <translation>Запас</translation>
    </message>
    <message id="Comparison.images_per_hour">
        <source>Images per hour</source>
        <translation>Изображений в час</translation>
    </message>
    <message id="Comparison.kv_cache_pool_tokens">
        <source>KV cache pool (tokens)</source>
        <translation>Пул KV-кэша (токенов)</translation>
    </message>
    <message id="Comparison.largest_image_batch">
        <source>Largest image batch</source>
        <translation>Наибольший батч изображений</translation>
    </message>
    <message id="Comparison.largest_micro_batch">
        <source>Largest micro-batch</source>
        <translation>Наибольший микробатч</translation>
    </message>
    <message id="Comparison.largest_square_image_px">
        <source>Largest square image (px)</source>
        <translation>Наибольшее квадратное изображение (пикс.)</translation>
    </message>
    <message id="Comparison.layout">
        <source>Layout</source>
        <translation>Раскладка</translation>
    </message>
    <message id="Comparison.limits_the_largest_value_that_fits">
        <source>Limits: the largest value that fits in memory, the other sizes as requested.</source>
        <translation>Пределы: наибольшее значение, которое помещается в память, при остальных размерах как в запросе.</translation>
    </message>
    <message id="Comparison.longest_context_tokens">
        <source>Longest context (tokens)</source>
        <translation>Наибольший контекст (токенов)</translation>
    </message>
    <message id="Comparison.longest_training_sequence_tokens">
        <source>Longest training sequence (tokens)</source>
        <translation>Наибольшая обучающая последовательность (токенов)</translation>
    </message>
    <message id="Comparison.model">
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message id="Comparison.most_concurrent_sequences">
        <source>Most concurrent sequences</source>
        <translation>Наибольшее число одновременных последовательностей</translation>
    </message>
    <message id="Comparison.operating_point">
        <source>Operating point</source>
        <translation>Рабочая точка</translation>
    </message>
    <message id="Comparison.per_1_000_images">
        <source>Per 1,000 images</source>
        <translation>За 1000 изображений</translation>
    </message>
    <message id="Comparison.per_1m_input_tokens">
        <source>Per 1M input tokens</source>
        <translation>За 1 млн входных токенов</translation>
    </message>
    <message id="Comparison.per_1m_output_tokens">
        <source>Per 1M output tokens</source>
        <translation>За 1 млн выходных токенов</translation>
    </message>
    <message id="Comparison.per_gpu">
        <source>Per GPU</source>
        <translation>На GPU</translation>
    </message>
    <message id="Comparison.storage">
        <source>Storage</source>
        <translation>Хранилище</translation>
    </message>
    <message id="Comparison.strategy">
        <source>Strategy</source>
        <translation>Стратегия</translation>
    </message>
    <message id="Comparison.tax">
        <source>Tax</source>
        <translation>Налог</translation>
    </message>
    <message id="Comparison.term">
        <source>Term</source>
        <translation>Срок</translation>
    </message>
    <message id="Comparison.term_total">
        <source>Term total</source>
        <translation>Итого за срок</translation>
    </message>
    <message id="Comparison.traffic">
        <source>Traffic</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="Comparison.training_run">
        <source>Training run</source>
        <translation>Прогон обучения</translation>
    </message>
    <message id="Comparison.training_run_gpu_hours">
        <source>Training run GPU-hours</source>
        <translation>GPU-часов на прогон обучения</translation>
    </message>
    <message id="Comparison.training_tokens_s">
        <source>Training tokens/s</source>
        <translation>Обучение, токенов/с</translation>
    </message>
    <message id="Comparison.usable_per_gpu">
        <source>Usable per GPU</source>
        <translation>Доступно на GPU</translation>
    </message>
    <message id="Comparison.warnings">
        <source>Warnings</source>
        <translation>Предупреждения</translation>
    </message>
    <message id="Counts.ln_do_es_not" numerus="yes">
        <source>%Ln do(es) not</source>
        <translation>
            <numerusform>%Ln не подходит</numerusform>
            <numerusform>%Ln не подходят</numerusform>
            <numerusform>%Ln не подходят</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_gpu_s" numerus="yes">
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPU</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_option_s_fit" numerus="yes">
        <source>%Ln option(s) fit</source>
        <translation>
            <numerusform>подходит %Ln вариант</numerusform>
            <numerusform>подходят %Ln варианта</numerusform>
            <numerusform>подходят %Ln вариантов</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_order_s" numerus="yes">
        <source>%Ln order(s)</source>
        <translation>
            <numerusform>%Ln заказ</numerusform>
            <numerusform>%Ln заказа</numerusform>
            <numerusform>%Ln заказов</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_quote_s" numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln смета</numerusform>
            <numerusform>%Ln сметы</numerusform>
            <numerusform>%Ln смет</numerusform>
        </translation>
    </message>
    <message id="Counts.ln_token_s" numerus="yes">
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln токен</numerusform>
            <numerusform>%Ln токена</numerusform>
            <numerusform>%Ln токенов</numerusform>
        </translation>
    </message>
    <message id="Counts.of_ln_option_s_that_fit" numerus="yes">
        <source>of %Ln option(s) that fit</source>
        <translation>
            <numerusform>из %Ln подходящего варианта</numerusform>
            <numerusform>из %Ln подходящих вариантов</numerusform>
            <numerusform>из %Ln подходящих вариантов</numerusform>
        </translation>
    </message>
    <message id="Counts.of_ln_sequence_s_at_once" numerus="yes">
        <source>of %Ln sequence(s) at once</source>
        <translation>
            <numerusform>из %Ln последовательности одновременно</numerusform>
            <numerusform>из %Ln последовательностей одновременно</numerusform>
            <numerusform>из %Ln последовательностей одновременно</numerusform>
        </translation>
    </message>
    <message id="Counts.of_those_that_fit_ln_may" numerus="yes">
        <source>Of those that fit, %Ln may not (amber rows).</source>
        <translation>
            <numerusform>Из подходящих %Ln может не поместиться (жёлтая строка).</numerusform>
            <numerusform>Из подходящих %Ln могут не поместиться (жёлтые строки).</numerusform>
            <numerusform>Из подходящих %Ln могут не поместиться (жёлтые строки).</numerusform>
        </translation>
    </message>
    <message id="CustomModelForm.attention_heads">
        <source>Attention heads</source>
        <translation>Головы внимания</translation>
    </message>
    <message id="CustomModelForm.e_g_7b_or_7000000000">
        <source>e.g. 7B or 7000000000</source>
        <translation>например 7B или 7000000000</translation>
    </message>
    <message id="CustomModelForm.head_dimension">
        <source>Head dimension</source>
        <translation>Размерность головы</translation>
    </message>
    <message id="CustomModelForm.hidden_size">
        <source>Hidden size</source>
        <translation>Скрытая размерность</translation>
    </message>
    <message id="CustomModelForm.intermediate_ffn_size">
        <source>Intermediate (FFN) size</source>
        <translation>Промежуточная размерность (FFN)</translation>
    </message>
    <message id="CustomModelForm.kv_heads_gqa">
        <source>KV heads (GQA)</source>
        <translation>KV-головы (GQA)</translation>
    </message>
    <message id="CustomModelForm.layers">
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message id="CustomModelForm.optional">
        <source>optional</source>
        <translation>необязательно</translation>
    </message>
    <message id="CustomModelForm.optional_fewer_than_heads_for_gqa">
        <source>optional; fewer than heads for GQA</source>
        <translation>необязательно; при GQA меньше, чем голов внимания</translation>
    </message>
    <message id="CustomModelForm.parameters_required">
        <source>Parameters (required)</source>
        <translation>Параметры (обязательно)</translation>
    </message>
    <message id="CustomModelForm.vocabulary_size">
        <source>Vocabulary size</source>
        <translation>Размер словаря</translation>
    </message>
    <message id="DiffusionForm.a_multiple_of_8_the_vae">
        <source>a multiple of 8 (the VAE downsamples by 8)</source>
        <translation>кратно 8 (VAE уменьшает в 8 раз)</translation>
    </message>
    <message id="DiffusionForm.all">
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message id="DiffusionForm.bf16_fp16_fp32_the_pipeline_runs">
        <source>bf16/fp16/fp32: the pipeline runs in it; fp8, int8, int4 quantize the denoiser</source>
        <translation>bf16/fp16/fp32: конвейер работает в этом формате; fp8, int8, int4 квантуют модель шумоподавления</translation>
    </message>
    <message id="DiffusionForm.classifier_free_guidance">
        <source>Classifier-free guidance</source>
        <translation>Classifier-free guidance</translation>
    </message>
    <message id="DiffusionForm.cpu_offload">
        <source>CPU offload</source>
        <translation>Выгрузка на CPU</translation>
    </message>
    <message id="DiffusionForm.decode_one_image_of_the_batch">
        <source>decode one image of the batch at a time</source>
        <translation>декодировать изображения пакета по одному</translation>
    </message>
    <message id="DiffusionForm.decode_the_image_in_tiles_lower">
        <source>decode the image in tiles: lower decode peak; check seams</source>
        <translation>декодировать по плиткам: ниже пик декодирования; проверьте швы</translation>
    </message>
    <message id="DiffusionForm.denoising_steps">
        <source>Denoising steps</source>
        <translation>Шаги шумоподавления</translation>
    </message>
    <message id="DiffusionForm.doubles_the_batch_in_the_denoiser">
        <source>doubles the batch in the denoiser</source>
        <translation>удваивает пакет в денойзере</translation>
    </message>
    <message id="DiffusionForm.height">
        <source>Height</source>
        <translation>Высота</translation>
    </message>
    <message id="DiffusionForm.images_per_batch">
        <source>Images per batch</source>
        <translation>Изображений в пакете</translation>
    </message>
    <message id="DiffusionForm.layer_by_layer">
        <source>Layer by layer</source>
        <translation>Послойно</translation>
    </message>
    <message id="DiffusionForm.layerwise_casting_diffusers_fp8">
        <source>Layerwise casting (diffusers, fp8)</source>
        <translation>Послойное приведение типов (diffusers, fp8)</translation>
    </message>
    <message id="DiffusionForm.less_gpu_memory_slower_steps">
        <source>less GPU memory, slower steps</source>
        <translation>меньше памяти GPU, шаги медленнее</translation>
    </message>
    <message id="DiffusionForm.none">
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message id="DiffusionForm.passes_of_the_denoiser_per_image">
        <source>passes of the denoiser per image: they set the time and cost, not memory</source>
        <translation>проходы денойзера на изображение: задают время и стоимость, не память</translation>
    </message>
    <message id="DiffusionForm.quantization_backend">
        <source>Quantization backend</source>
        <translation>Библиотека квантования</translation>
    </message>
    <message id="DiffusionForm.quantized_in_the_weights_format_too">
        <source>quantized in the weights format too, when it is fp8, int8 or int4</source>
        <translation>тоже квантуются в формате весов, если это fp8, int8 или int4</translation>
    </message>
    <message id="DiffusionForm.quantized_text_encoders">
        <source>Quantized text encoders</source>
        <translation>Квантованные текстовые энкодеры</translation>
    </message>
    <message id="DiffusionForm.the_largest_only_flux_t5">
        <source>The largest only (FLUX: T5)</source>
        <translation>Только самый большой (FLUX: T5)</translation>
    </message>
    <message id="DiffusionForm.the_library_that_quantizes_it_decides">
        <source>the library that quantizes: it decides which layers stay unquantized</source>
        <translation>библиотека, которая квантует: от неё зависит, какие слои остаются неквантованными</translation>
    </message>
    <message id="DiffusionForm.vae_slicing">
        <source>VAE slicing</source>
        <translation>Слайсинг VAE</translation>
    </message>
    <message id="DiffusionForm.vae_tiling">
        <source>VAE tiling</source>
        <translation>Тайлинг VAE</translation>
    </message>
    <message id="DiffusionForm.weights_format">
        <source>Weights format</source>
        <translation>Формат весов</translation>
    </message>
    <message id="DiffusionForm.whole_models_to_the_cpu">
        <source>Whole models to the CPU</source>
        <translation>Модели целиком на CPU</translation>
    </message>
    <message id="DiffusionForm.width">
        <source>Width</source>
        <translation>Ширина</translation>
    </message>
    <message id="DocumentPrinter.cannot_write_path">
        <source>cannot write {path}</source>
        <translation>не удаётся записать {path}</translation>
    </message>
    <message id="DocumentPrinter.print_title">
        <source>Print {title}</source>
        <translation>Печать {title}</translation>
    </message>
    <message id="ErrorMessage.unexpected_error_error">
        <source>Unexpected error: {error}</source>
        <translation>Непредвиденная ошибка: {error}</translation>
    </message>
    <message id="FieldText.pydantic.bool_parsing">
        <source>choose yes or no</source>
        <translation>выберите «да» или «нет»</translation>
    </message>
    <message id="FieldText.pydantic.float_parsing">
        <source>enter a number, e.g. 0.9</source>
        <translation>введите число, например 0,9</translation>
    </message>
    <message id="FieldText.pydantic.float_type">
        <source>enter a number, e.g. 0.9</source>
        <translation>введите число, например 0,9</translation>
    </message>
    <message id="FieldText.pydantic.greater_than">
        <source>enter more than {gt}</source>
        <translation>введите больше {gt}</translation>
    </message>
    <message id="FieldText.pydantic.greater_than_equal">
        <source>enter {ge} or more</source>
        <translation>введите {ge} или больше</translation>
    </message>
    <message id="FieldText.pydantic.int_from_float">
        <source>enter a whole number, without a fraction</source>
        <translation>введите целое число, без дробной части</translation>
    </message>
    <message id="FieldText.pydantic.int_parsing">
        <source>enter a whole number, e.g. 8192</source>
        <translation>введите целое число, например 8192</translation>
    </message>
    <message id="FieldText.pydantic.int_type">
        <source>enter a whole number, e.g. 8192</source>
        <translation>введите целое число, например 8192</translation>
    </message>
    <message id="FieldText.pydantic.less_than">
        <source>enter less than {lt}</source>
        <translation>введите меньше {lt}</translation>
    </message>
    <message id="FieldText.pydantic.less_than_equal">
        <source>enter {le} or less</source>
        <translation>введите {le} или меньше</translation>
    </message>
    <message id="FieldText.pydantic.string_type">
        <source>enter text</source>
        <translation>введите текст</translation>
    </message>
    <message id="FieldText.request.one_source">
        <source>choose one model source: a preset, a config.json, a safetensors file, a GGUF file or your own sizes</source>
        <translation>выберите один источник модели: пресет, config.json, файл safetensors, файл GGUF или свои размеры</translation>
    </message>
    <message id="FieldText.request.one_source_got">
        <source>choose one model source: a preset, a config.json, a safetensors file, a GGUF file or your own sizes</source>
        <translation>выберите один источник модели: пресет, config.json, файл safetensors, файл GGUF или свои размеры</translation>
    </message>
    <message id="Formats.count_gpu">
        <source>{count} × {gpu}</source>
        <translation>{count} × {gpu}</translation>
    </message>
    <message id="Formats.day">
        <source>day</source>
        <translation>сутки</translation>
    </message>
    <message id="Formats.days_d_hours_h">
        <source>{days} d {hours} h</source>
        <translation>{days} дн. {hours} ч</translation>
    </message>
    <message id="Formats.ended">
        <source>ended</source>
        <translation>закончился</translation>
    </message>
    <message id="Formats.hour">
        <source>hour</source>
        <translation>час</translation>
    </message>
    <message id="Formats.hours_h_minutes_min">
        <source>{hours} h {minutes} min</source>
        <translation>{hours} ч {minutes} мин</translation>
    </message>
    <message id="Formats.minutes_min">
        <source>{minutes} min</source>
        <translation>{minutes} мин</translation>
    </message>
    <message id="Formats.moment_utc">
        <source>{moment} UTC</source>
        <translation>{moment} UTC</translation>
    </message>
    <message id="Formats.month">
        <source>month</source>
        <translation>месяц</translation>
    </message>
    <message id="Formats.n_day_s" numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n день</numerusform>
            <numerusform>%n дня</numerusform>
            <numerusform>%n дней</numerusform>
        </translation>
    </message>
    <message id="Formats.n_hour_s" numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n час</numerusform>
            <numerusform>%n часа</numerusform>
            <numerusform>%n часов</numerusform>
        </translation>
    </message>
    <message id="Formats.n_month_s" numerus="yes">
        <source>%n month(s)</source>
        <translation>
            <numerusform>%n месяц</numerusform>
            <numerusform>%n месяца</numerusform>
            <numerusform>%n месяцев</numerusform>
        </translation>
    </message>
    <message id="Formats.n_week_s" numerus="yes">
        <source>%n week(s)</source>
        <translation>
            <numerusform>%n неделя</numerusform>
            <numerusform>%n недели</numerusform>
            <numerusform>%n недель</numerusform>
        </translation>
    </message>
    <message id="Formats.value_gib">
        <source>{value} GiB</source>
        <translation>{value} ГиБ</translation>
    </message>
    <message id="Formats.week">
        <source>week</source>
        <translation>неделя</translation>
    </message>
    <message id="GlossaryDock.definition">
        <source>Definition</source>
        <translation>Определение</translation>
    </message>
    <message id="GlossaryDock.disclaimer">
        <source>Disclaimer</source>
        <translation>Оговорка</translation>
    </message>
    <message id="GlossaryDock.glossary">
        <source>Glossary</source>
        <translation>Глоссарий</translation>
    </message>
    <message id="GlossaryDock.glossary_terms">
        <source>Glossary terms</source>
        <translation>Термины глоссария</translation>
    </message>
    <message id="GlossaryDock.help">
        <source>help</source>
        <translation>справка</translation>
    </message>
    <message id="GlossaryDock.no_term_or_definition_contains_text">
        <source>No term or definition contains “{text}”.</source>
        <translation>Ни один термин или определение не содержит «{text}».</translation>
    </message>
    <message id="GlossaryDock.search_terms_and_definitions_ru_or">
        <source>Search terms and definitions (RU or EN)</source>
        <translation>Поиск по терминам и определениям (RU или EN)</translation>
    </message>
    <message id="GlossaryDock.search_the_glossary">
        <source>Search the glossary</source>
        <translation>Поиск в глоссарии</translation>
    </message>
    <message id="GlossaryDock.show_the_glossary_in_the_other">
        <source>Show the glossary in the other language</source>
        <translation>Показать глоссарий на другом языке</translation>
    </message>
    <message id="GlossaryDock.the_catalog_s_glossary">
        <source>the catalog&apos;s glossary</source>
        <translation>глоссарий каталога</translation>
    </message>
    <message id="GlossaryLink.open_term_in_the_glossary">
        <source>Open “{term}” in the glossary</source>
        <translation>Открыть «{term}» в глоссарии</translation>
    </message>
    <message id="HistoryActions.back_up_database">
        <source>&amp;Back Up Database…</source>
        <translation>&amp;Резервная копия базы…</translation>
    </message>
    <message id="HistoryActions.change_the_label_and_notes_of">
        <source>Change the label and notes of the selected quote or order</source>
        <translation>Изменить название и заметки выбранной сметы или заказа</translation>
    </message>
    <message id="HistoryActions.compare">
        <source>Co&amp;mpare…</source>
        <translation>Срав&amp;нить…</translation>
    </message>
    <message id="HistoryActions.copy_a_markdown_summary_for_a">
        <source>Copy a Markdown summary for a ticket or a wiki</source>
        <translation>Скопировать сводку в Markdown для заявки или вики</translation>
    </message>
    <message id="HistoryActions.copy_a_plain_text_summary_for">
        <source>Copy a plain-text summary for an email or a ticket</source>
        <translation>Скопировать сводку простым текстом для письма или заявки</translation>
    </message>
    <message id="HistoryActions.copy_summary">
        <source>&amp;Copy Summary</source>
        <translation>&amp;Копировать сводку</translation>
    </message>
    <message id="HistoryActions.copy_summary_as_markdown">
        <source>Copy Summary as &amp;Markdown</source>
        <translation>Копировать сводку в &amp;Markdown</translation>
    </message>
    <message id="HistoryActions.copy_the_history_database_to_a">
        <source>Copy the history database to a file and verify the copy</source>
        <translation>Скопировать базу истории в файл и проверить копию</translation>
    </message>
    <message id="HistoryActions.edit">
        <source>Edit…</source>
        <translation>Изменить…</translation>
    </message>
    <message id="HistoryActions.edit_label_and_notes">
        <source>&amp;Edit Label and Notes…</source>
        <translation>&amp;Изменить название и заметки…</translation>
    </message>
    <message id="HistoryActions.export_csv">
        <source>Export &amp;CSV…</source>
        <translation>Экспорт в &amp;CSV…</translation>
    </message>
    <message id="HistoryActions.export_json">
        <source>Export &amp;JSON…</source>
        <translation>Экспорт в &amp;JSON…</translation>
    </message>
    <message id="HistoryActions.import_json">
        <source>&amp;Import JSON…</source>
        <translation>&amp;Импорт из JSON…</translation>
    </message>
    <message id="HistoryActions.merge_a_json_export_into_the">
        <source>Merge a JSON export into the history without duplicates</source>
        <translation>Добавить экспорт JSON в историю без дубликатов</translation>
    </message>
    <message id="HistoryActions.open_this_configuration_in_the_plan">
        <source>Open this configuration in the plan wizard as a new draft</source>
        <translation>Открыть эту конфигурацию в мастере плана как новый черновик</translation>
    </message>
    <message id="HistoryActions.place_a_simulated_order_for_the">
        <source>Place a simulated order for the selected saved quote</source>
        <translation>Оформить симулированный заказ по выбранной сохранённой смете</translation>
    </message>
    <message id="HistoryActions.place_order">
        <source>&amp;Place Order…</source>
        <translation>О&amp;формить заказ…</translation>
    </message>
    <message id="HistoryActions.print">
        <source>P&amp;rint…</source>
        <translation>&amp;Печать…</translation>
    </message>
    <message id="HistoryActions.print_the_selected_quote_or_order">
        <source>Print the selected quote or order</source>
        <translation>Напечатать выбранную смету или заказ</translation>
    </message>
    <message id="HistoryActions.read_the_history_again">
        <source>Read the history again</source>
        <translation>Прочитать историю заново</translation>
    </message>
    <message id="HistoryActions.refresh">
        <source>Re&amp;fresh</source>
        <translation>О&amp;бновить</translation>
    </message>
    <message id="HistoryActions.reopen_as_new_draft">
        <source>&amp;Reopen as New Draft</source>
        <translation>&amp;Открыть как новый черновик</translation>
    </message>
    <message id="HistoryActions.replace_the_history_with_a_verified">
        <source>Replace the history with a verified backup</source>
        <translation>Заменить историю проверенной резервной копией</translation>
    </message>
    <message id="HistoryActions.restore_database">
        <source>Res&amp;tore Database…</source>
        <translation>&amp;Восстановить базу…</translation>
    </message>
    <message id="HistoryActions.save_as_pdf">
        <source>Save as P&amp;DF…</source>
        <translation>Сохранить как P&amp;DF…</translation>
    </message>
    <message id="HistoryActions.save_the_selected_quote_or_order">
        <source>Save the selected quote or order as a PDF file</source>
        <translation>Сохранить выбранную смету или заказ в файл PDF</translation>
    </message>
    <message id="HistoryActions.show_two_to_four_selected_quotes">
        <source>Show two to four selected quotes or orders side by side</source>
        <translation>Показать рядом от двух до четырёх выбранных смет или заказов</translation>
    </message>
    <message id="HistoryActions.stop_order">
        <source>&amp;Stop Order…</source>
        <translation>&amp;Остановить заказ…</translation>
    </message>
    <message id="HistoryActions.stop_the_selected_order_the_paid">
        <source>Stop the selected order; the paid period continues</source>
        <translation>Остановить выбранный заказ; оплаченный период продолжается</translation>
    </message>
    <message id="HistoryActions.write_every_quote_and_order_to">
        <source>Write every quote and order to a CSV file</source>
        <translation>Записать все сметы и заказы в файл CSV</translation>
    </message>
    <message id="HistoryActions.write_the_whole_history_to_a">
        <source>Write the whole history to a JSON file (lossless)</source>
        <translation>Записать всю историю в файл JSON (без потерь)</translation>
    </message>
    <message id="HistoryComparison.compare_saved_quotes">
        <source>Compare saved quotes</source>
        <translation>Сравнение сохранённых смет</translation>
    </message>
    <message id="HistoryComparison.order_id">
        <source>Order {id}</source>
        <translation>Заказ {id}</translation>
    </message>
    <message id="HistoryFileTasks.back_up_database">
        <source>Back Up Database</source>
        <translation>Резервная копия базы</translation>
    </message>
    <message id="HistoryFileTasks.backing_up_to_file">
        <source>Backing up to {file}…</source>
        <translation>Резервное копирование в {file}…</translation>
    </message>
    <message id="HistoryFileTasks.backup_written_to_path_and_verified">
        <source>Backup written to {path} and verified: {quotes}, {orders}.</source>
        <translation>Резервная копия записана в {path} и проверена: {quotes}, {orders}.</translation>
    </message>
    <message id="HistoryFileTasks.backups_sqlite">
        <source>Backups (*.sqlite)</source>
        <translation>Резервные копии (*.sqlite)</translation>
    </message>
    <message id="HistoryFileTasks.backups_sqlite_db_all_files">
        <source>Backups (*.sqlite *.db);;All files (*)</source>
        <translation>Резервные копии (*.sqlite *.db);;Все файлы (*)</translation>
    </message>
    <message id="HistoryFileTasks.csv_files_csv">
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message id="HistoryFileTasks.every_quote_order_and_stop_in">
        <source>Every quote, order and stop in the history is also in the backup.</source>
        <translation>Все сметы, заказы и остановки из истории есть и в резервной копии.</translation>
    </message>
    <message id="HistoryFileTasks.export_csv">
        <source>Export CSV</source>
        <translation>Экспорт в CSV</translation>
    </message>
    <message id="HistoryFileTasks.export_json">
        <source>Export JSON</source>
        <translation>Экспорт в JSON</translation>
    </message>
    <message id="HistoryFileTasks.exported_quotes_and_orders_to_path">
        <source>Exported {quotes} and {orders} to {path}.</source>
        <translation>Экспортировано: {quotes} и {orders}, файл {path}.</translation>
    </message>
    <message id="HistoryFileTasks.exported_rows_rows_to_path">
        <source>Exported {rows} rows to {path}.</source>
        <translation>Экспортировано строк: {rows}, файл {path}.</translation>
    </message>
    <message id="HistoryFileTasks.exporting_to_file">
        <source>Exporting to {file}…</source>
        <translation>Экспорт в {file}…</translation>
    </message>
    <message id="HistoryFileTasks.history">
        <source>History</source>
        <translation>История</translation>
    </message>
    <message id="HistoryFileTasks.import_json">
        <source>Import JSON</source>
        <translation>Импорт из JSON</translation>
    </message>
    <message id="HistoryFileTasks.imported_quotes_and_orders_stopped_stops">
        <source>Imported {quotes} and {orders}; {stopped} stops applied, {skipped} already present.</source>
        <translation>Импортировано: {quotes} и {orders}; применено остановок: {stopped}; уже было: {skipped}.</translation>
    </message>
    <message id="HistoryFileTasks.importing_file">
        <source>Importing {file}…</source>
        <translation>Импорт {file}…</translation>
    </message>
    <message id="HistoryFileTasks.json_files_json">
        <source>JSON files (*.json)</source>
        <translation>Файлы JSON (*.json)</translation>
    </message>
    <message id="HistoryFileTasks.kept_as_they_are_here_although">
        <source>Kept as they are here, although the file differs: {list}</source>
        <translation>Оставлены такими, как здесь, хотя в файле они другие: {list}</translation>
    </message>
    <message id="HistoryFileTasks.n_order_s_stopped_since_the" numerus="yes">
        <source>%n order(s) stopped since the backup will show as not stopped.</source>
        <translation>
            <numerusform>%n заказ, остановленный после создания копии, снова будет значиться действующим.</numerusform>
            <numerusform>%n заказа, остановленных после создания копии, снова будут значиться действующими.</numerusform>
            <numerusform>%n заказов, остановленных после создания копии, снова будут значиться действующими.</numerusform>
        </translation>
    </message>
    <message id="HistoryFileTasks.not_imported_idempotency_key_already_used">
        <source>Not imported (idempotency key already used here): {list}</source>
        <translation>Не импортировано (ключ идемпотентности здесь уже занят): {list}</translation>
    </message>
    <message id="HistoryFileTasks.not_in_the_backup_added_since">
        <source>Not in the backup, added since it was made: {rows}. They will be gone from the history after the restore (the kept database still has them).</source>
        <translation>Нет в резервной копии, добавлены после её создания: {rows}. После восстановления их не будет в истории (в сохранённой рядом базе они останутся).</translation>
    </message>
    <message id="HistoryFileTasks.quotes_and_orders">
        <source>{quotes} and {orders}</source>
        <translation>{quotes} и {orders}</translation>
    </message>
    <message id="HistoryFileTasks.replace_the_history_with_the_backup">
        <source>Replace the history with the backup {backup}?

{loss}

The backup is verified first; if it is damaged, nothing is replaced. The current database is not deleted: it is kept beside it as {name}.replaced-&lt;time&gt;.</source>
        <translation>Заменить историю резервной копией {backup}?

{loss}

Сначала копия проверяется; если она повреждена, ничего не заменяется. Текущая база не удаляется: она сохраняется рядом под именем {name}.replaced-&lt;время&gt;.</translation>
    </message>
    <message id="HistoryFileTasks.restore_database">
        <source>Restore Database</source>
        <translation>Восстановление базы</translation>
    </message>
    <message id="HistoryFileTasks.restoring_from_file">
        <source>Restoring from {file}…</source>
        <translation>Восстановление из {file}…</translation>
    </message>
    <message id="HistoryFileTasks.the_current_history_cannot_be_read">
        <source>The current history cannot be read, so what it holds beyond the backup is not known.</source>
        <translation>Текущую историю не удаётся прочитать, поэтому неизвестно, чего в резервной копии нет.</translation>
    </message>
    <message id="HistoryFileTasks.the_history_was_restored_from_backup">
        <source>The history was restored from {backup} (verified: {quotes}, {orders}).</source>
        <translation>История восстановлена из {backup} (проверено: {quotes}, {orders}).</translation>
    </message>
    <message id="HistoryFileTasks.the_replaced_database_was_kept_as">
        <source>The replaced database was kept as {path}.</source>
        <translation>Заменённая база сохранена как {path}.</translation>
    </message>
    <message id="HistoryFilterBar.all_statuses">
        <source>All statuses</source>
        <translation>Все статусы</translation>
    </message>
    <message id="HistoryFilterBar.all_workloads">
        <source>All workloads</source>
        <translation>Все нагрузки</translation>
    </message>
    <message id="HistoryFilterBar.every_word_must_match_as_the">
        <source>Every word must match, as the start of a word</source>
        <translation>Должно совпасть каждое слово, как начало слова</translation>
    </message>
    <message id="HistoryFilterBar.search">
        <source>&amp;Search:</source>
        <translation>&amp;Поиск:</translation>
    </message>
    <message id="HistoryFilterBar.show_quotes_and_orders_of_this">
        <source>Show quotes and orders of this workload</source>
        <translation>Показать сметы и заказы этой нагрузки</translation>
    </message>
    <message id="HistoryFilterBar.show_quotes_and_orders_with_this">
        <source>Show quotes and orders with this status</source>
        <translation>Показать сметы и заказы с этим статусом</translation>
    </message>
    <message id="HistoryFilterBar.status">
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message id="HistoryFilterBar.words_in_the_label_model_gpu">
        <source>Words in the label, model, GPU or notes</source>
        <translation>Слова из названия, модели, GPU или заметок</translation>
    </message>
    <message id="HistoryFilterBar.workload">
        <source>Workload</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="HistoryOrderTasks.place_order">
        <source>Place Order</source>
        <translation>Оформление заказа</translation>
    </message>
    <message id="HistoryOrderTasks.stop_order">
        <source>Stop Order</source>
        <translation>Остановка заказа</translation>
    </message>
    <message id="HistoryOrderTasks.stop_order_id_stopping_does_not">
        <source>Stop order {id}?

Stopping does not pause or shorten the paid period: it continues until {paid_until}, and nothing is refunded. The total of {total} stays as it is (fixed rental term).

Time left in the paid period: {left}.</source>
        <translation>Остановить заказ {id}?

Остановка не приостанавливает и не сокращает оплаченный период: он продолжается до {paid_until}, и ничего не возвращается. Сумма {total} остаётся прежней (фиксированный срок аренды).

Осталось оплаченного времени: {left}.</translation>
    </message>
    <message id="HistoryTableModel.date_utc">
        <source>Date (UTC)</source>
        <translation>Дата (UTC)</translation>
    </message>
    <message id="HistoryTableModel.gpu_count">
        <source>GPU × count</source>
        <translation>GPU × число</translation>
    </message>
    <message id="HistoryTableModel.label">
        <source>Label</source>
        <translation>Название</translation>
    </message>
    <message id="HistoryTableModel.model">
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message id="HistoryTableModel.paid_until_moment">
        <source>Paid until {moment}</source>
        <translation>Оплачен до {moment}</translation>
    </message>
    <message id="HistoryTableModel.status">
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message id="HistoryTableModel.stopped_at_moment_the_paid_period">
        <source>Stopped at {moment}; the paid period continues</source>
        <translation>Остановлен {moment}; оплаченный период продолжается</translation>
    </message>
    <message id="HistoryTableModel.strategy">
        <source>Strategy</source>
        <translation>Стратегия</translation>
    </message>
    <message id="HistoryTableModel.term">
        <source>Term</source>
        <translation>Срок</translation>
    </message>
    <message id="HistoryTableModel.time_left">
        <source>Time left</source>
        <translation>Осталось</translation>
    </message>
    <message id="HistoryTableModel.total">
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message id="HistoryTableModel.workload">
        <source>Workload</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="HistoryView.edit_label_and_notes">
        <source>Edit Label and Notes</source>
        <translation>Изменение названия и заметок</translation>
    </message>
    <message id="HistoryView.history">
        <source>History</source>
        <translation>История</translation>
    </message>
    <message id="HistoryView.label_and_notes_of_id_saved">
        <source>Label and notes of {id} saved.</source>
        <translation>Название и заметки {id} сохранены.</translation>
    </message>
    <message id="HistoryView.order_id_placed">
        <source>Order {id} placed.</source>
        <translation>Заказ {id} оформлен.</translation>
    </message>
    <message id="HistoryView.order_id_stopped_it_stays_paid">
        <source>Order {id} stopped; it stays paid until {moment}.</source>
        <translation>Заказ {id} остановлен; он остаётся оплаченным до {moment}.</translation>
    </message>
    <message id="HistoryView.order_id_was_already_placed_with">
        <source>Order {id} was already placed with this purchase&apos;s key; nothing new was placed.</source>
        <translation>Заказ {id} уже оформлен с ключом этой покупки; новый заказ не создан.</translation>
    </message>
    <message id="HistoryView.save_as_pdf">
        <source>Save as PDF</source>
        <translation>Сохранение в PDF</translation>
    </message>
    <message id="HistoryView.saved_path">
        <source>Saved {path}.</source>
        <translation>Сохранено: {path}.</translation>
    </message>
    <message id="HistoryView.select_a_quote_or_an_order">
        <source>Select a quote or an order to see it as quoted.</source>
        <translation>Выберите смету или заказ, чтобы увидеть их в том виде, в каком они были рассчитаны.</translation>
    </message>
    <message id="HistoryView.the_history_cannot_be_opened_nothing">
        <source>The history cannot be opened. Nothing was changed.
{problem}
You can restore a backup (Restore Database…) or choose another data folder.</source>
        <translation>Историю нельзя открыть. Ничего не изменено.
{problem}
Можно восстановить резервную копию (Восстановить базу…) или выбрать другую папку данных.</translation>
    </message>
    <message id="HistoryView.the_summary_is_on_the_clipboard">
        <source>The summary is on the clipboard.</source>
        <translation>Сводка скопирована в буфер обмена.</translation>
    </message>
    <message id="HistoryViewLayout.database">
        <source>&amp;Database</source>
        <translation>&amp;База данных</translation>
    </message>
    <message id="HistoryViewLayout.export_import_back_up_or_restore">
        <source>Export, import, back up or restore the history database</source>
        <translation>Экспорт, импорт, резервное копирование и восстановление базы истории</translation>
    </message>
    <message id="HistoryViewLayout.history_toolbar">
        <source>History toolbar</source>
        <translation>Панель истории</translation>
    </message>
    <message id="HistoryViewLayout.loading">
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message id="HistoryViewLayout.matching_the_search_and_filters_all">
        <source>matching the search and filters ({all} in all)</source>
        <translation>по поиску и фильтрам (всего {all})</translation>
    </message>
    <message id="HistoryViewLayout.pdf_files_pdf">
        <source>PDF files (*.pdf)</source>
        <translation>Файлы PDF (*.pdf)</translation>
    </message>
    <message id="HistoryViewLayout.save_as_pdf">
        <source>Save as PDF</source>
        <translation>Сохранение в PDF</translation>
    </message>
    <message id="HistoryViewLayout.saved_quotes_and_orders">
        <source>Saved quotes and orders</source>
        <translation>Сохранённые сметы и заказы</translation>
    </message>
    <message id="HistoryViewLayout.showing_shown_of_total">
        <source>Showing {shown} of {total}</source>
        <translation>Показано {shown} из {total}</translation>
    </message>
    <message id="HistoryViewLayout.sorted_within_the_rows_loaded_scroll">
        <source>sorted within the rows loaded; scroll to load more</source>
        <translation>сортировка среди загруженных строк; прокрутите, чтобы загрузить ещё</translation>
    </message>
    <message id="HistoryViewLayout.the_selected_quote_or_order">
        <source>The selected quote or order</source>
        <translation>Выбранная смета или заказ</translation>
    </message>
    <message id="InferenceForm.all_or_the_most_that_fit">
        <source>all, or the most that fit</source>
        <translation>все или сколько поместится</translation>
    </message>
    <message id="InferenceForm.b_most_tokens_of_a_prompt">
        <source>-b: most tokens of a prompt handed to the model at once</source>
        <translation>-b: наибольшее число токенов запроса, передаваемых модели за раз</translation>
    </message>
    <message id="InferenceForm.bf16_fp16_keep_the_trained_precision">
        <source>bf16/fp16 keep the trained precision; fp8, int8 and int4 are quantized</source>
        <translation>bf16/fp16 сохраняют точность обучения; fp8, int8 и int4 — квантование</translation>
    </message>
    <message id="InferenceForm.concurrent_sequences">
        <source>Concurrent sequences</source>
        <translation>Одновременных последовательностей</translation>
    </message>
    <message id="InferenceForm.context_tokens">
        <source>Context tokens</source>
        <translation>Токенов контекста</translation>
    </message>
    <message id="InferenceForm.e_g_8192_or_128k">
        <source>e.g. 8192 or 128k</source>
        <translation>например 8192 или 128k</translation>
    </message>
    <message id="InferenceForm.fa_no_attention_score_matrix_in">
        <source>-fa: no attention score matrix in the compute buffer</source>
        <translation>-fa: матрица оценок внимания не хранится в вычислительном буфере</translation>
    </message>
    <message id="InferenceForm.flash_attention">
        <source>Flash attention</source>
        <translation>Флеш-внимание</translation>
    </message>
    <message id="InferenceForm.fp8_halves_the_cache_against_bf16">
        <source>fp8 halves the cache against bf16; verify output quality</source>
        <translation>fp8 вдвое меньше bf16; проверьте качество ответов</translation>
    </message>
    <message id="InferenceForm.gpu_memory_utilisation">
        <source>GPU memory utilisation</source>
        <translation>Доля памяти GPU</translation>
    </message>
    <message id="InferenceForm.kv_cache_format">
        <source>KV-cache format</source>
        <translation>Формат KV-кэша</translation>
    </message>
    <message id="InferenceForm.layers_on_the_gpus">
        <source>Layers on the GPUs</source>
        <translation>Слои на GPU</translation>
    </message>
    <message id="InferenceForm.llama_cpp_k_cache">
        <source>llama.cpp K cache</source>
        <translation>Кэш ключей llama.cpp</translation>
    </message>
    <message id="InferenceForm.llama_cpp_v_cache">
        <source>llama.cpp V cache</source>
        <translation>Кэш значений llama.cpp</translation>
    </message>
    <message id="InferenceForm.logical_batch">
        <source>Logical batch</source>
        <translation>Логический пакет</translation>
    </message>
    <message id="InferenceForm.ngl_layers_offloaded_output_layer_included">
        <source>-ngl: layers offloaded, output layer included; the rest run on the CPU</source>
        <translation>-ngl: слои, выгруженные на GPU, включая выходной; остальные выполняются на CPU</translation>
    </message>
    <message id="InferenceForm.on_llama_cpp_turns_it_on">
        <source>on (llama.cpp turns it on where the GPU supports it)</source>
        <translation>включено (llama.cpp включает его, где GPU это поддерживает)</translation>
    </message>
    <message id="InferenceForm.physical_batch">
        <source>Physical batch</source>
        <translation>Физический пакет</translation>
    </message>
    <message id="InferenceForm.quantization_group_size">
        <source>Quantization group size</source>
        <translation>Размер группы квантования</translation>
    </message>
    <message id="InferenceForm.sequences_served_at_the_same_time">
        <source>sequences served at the same time, each with its own KV cache</source>
        <translation>обслуживаемых одновременно, у каждой свой KV-кэш</translation>
    </message>
    <message id="InferenceForm.serving_engine">
        <source>Serving engine</source>
        <translation>Движок обслуживания</translation>
    </message>
    <message id="InferenceForm.share_of_each_gpu_s_vram">
        <source>share of each GPU&apos;s VRAM the server may use (vLLM&apos;s setting)</source>
        <translation>часть VRAM каждого GPU, доступная серверу (настройка vLLM)</translation>
    </message>
    <message id="InferenceForm.tokens_per_sequence_prompt_and_output">
        <source>tokens per sequence: prompt and output together</source>
        <translation>токенов на последовательность: запрос и ответ вместе</translation>
    </message>
    <message id="InferenceForm.type_of_the_cached_keys_ctk">
        <source>type of the cached keys (-ctk): q8_0 and q4_0 shrink the cache</source>
        <translation>тип хранимых ключей (-ctk): q8_0 и q4_0 уменьшают кэш</translation>
    </message>
    <message id="InferenceForm.type_of_the_cached_values_ctv">
        <source>type of the cached values (-ctv); quantized needs flash attention</source>
        <translation>тип хранимых значений (-ctv); квантованный тип требует флеш-внимания</translation>
    </message>
    <message id="InferenceForm.ub_tokens_per_compute_pass_at">
        <source>-ub: tokens per compute pass (at most -b); they size the compute buffer</source>
        <translation>-ub: токенов за вычислительный проход (не больше -b); от них зависит вычислительный буфер</translation>
    </message>
    <message id="InferenceForm.vllm_or_llama_cpp_gguf_models">
        <source>vLLM, or llama.cpp: GGUF models, layers that do not fit stay on the CPU</source>
        <translation>vLLM или llama.cpp: модели GGUF, не поместившиеся слои остаются на CPU</translation>
    </message>
    <message id="InferenceForm.weights_format">
        <source>Weights format</source>
        <translation>Формат весов</translation>
    </message>
    <message id="InferenceForm.weights_sharing_one_scale_and_zero">
        <source>weights sharing one scale and zero point (int8/int4)</source>
        <translation>весов с общим масштабом и нулевой точкой (int8/int4)</translation>
    </message>
    <message id="LimitChart.click_to_use_that_context_length">
        <source>Click to use that context length</source>
        <translation>Нажмите, чтобы выбрать эту длину контекста</translation>
    </message>
    <message id="LimitChart.click_to_use_that_many_concurrent">
        <source>Click to use that many concurrent sequences</source>
        <translation>Нажмите, чтобы выбрать это число одновременных последовательностей</translation>
    </message>
    <message id="LimitChart.concurrent_sequences">
        <source>concurrent sequences</source>
        <translation>одновременных последовательностей</translation>
    </message>
    <message id="LimitChart.context_tokens">
        <source>context tokens</source>
        <translation>токенов контекста</translation>
    </message>
    <message id="LimitChart.fits_up_to_limit_concurrent_sequences">
        <source>Fits up to {limit} concurrent sequences; {usable} usable per GPU</source>
        <translation>Помещается до {limit} одновременных последовательностей; на GPU доступно {usable}</translation>
    </message>
    <message id="LimitChart.fits_up_to_limit_tokens_per">
        <source>Fits up to {limit} tokens per sequence; {usable} usable per GPU</source>
        <translation>Помещается до {limit} токенов на последовательность; на GPU доступно {usable}</translation>
    </message>
    <message id="LimitChart.fits_up_to_tokens">
        <source>fits up to {tokens}</source>
        <translation>помещается до {tokens}</translation>
    </message>
    <message id="LimitChart.left_and_right_move_the_marker">
        <source>Left and Right move the marker, Home to the start, End to the limit; Enter uses it</source>
        <translation>Стрелки влево и вправо двигают метку, Home переносит её в начало, End — к пределу; клавиша ввода выбирает значение</translation>
    </message>
    <message id="LimitChart.marker_at_value">
        <source>marker at {value}</source>
        <translation>метка на {value}</translation>
    </message>
    <message id="LimitChart.memory_per_gpu_against_concurrent_sequences">
        <source>Memory per GPU against concurrent sequences</source>
        <translation>Память на GPU в зависимости от числа одновременных последовательностей</translation>
    </message>
    <message id="LimitChart.memory_per_gpu_against_context_length">
        <source>Memory per GPU against context length</source>
        <translation>Память на GPU в зависимости от длины контекста</translation>
    </message>
    <message id="LimitChart.usable">
        <source>usable</source>
        <translation>доступно</translation>
    </message>
    <message id="LimitChart.vllm_s_kv_pool_up_to">
        <source>vLLM&apos;s KV pool: up to {tokens}</source>
        <translation>пул KV vLLM: до {tokens}</translation>
    </message>
    <message id="LimitChart.vllm_s_max_num_seqs_tokens">
        <source>vLLM&apos;s max_num_seqs: {tokens}</source>
        <translation>max_num_seqs vLLM: {tokens}</translation>
    </message>
    <message id="LimitCharts.context">
        <source>Context</source>
        <translation>Контекст</translation>
    </message>
    <message id="LimitCharts.memory_per_gpu_against_the_concurrent">
        <source>Memory per GPU against the concurrent sequences</source>
        <translation>Память на GPU в зависимости от числа одновременных последовательностей</translation>
    </message>
    <message id="LimitCharts.memory_per_gpu_against_the_context">
        <source>Memory per GPU against the context length</source>
        <translation>Память на GPU в зависимости от длины контекста</translation>
    </message>
    <message id="LimitCharts.sequences">
        <source>Sequences</source>
        <translation>Последовательности</translation>
    </message>
    <message id="LimitCharts.what_the_chart_of_memory_per">
        <source>What the chart of memory per GPU is drawn against</source>
        <translation>По какой величине строится график памяти на GPU</translation>
    </message>
    <message id="LiveEstimatePanel.approximate_the_total_may_be_low">
        <source>Approximate: the total may be {low} to {high} per GPU</source>
        <translation>Приблизительно: на GPU может понадобиться от {low} до {high}</translation>
    </message>
    <message id="LiveEstimatePanel.cheapest_options_gpus_gpu_total_for">
        <source>Cheapest {options}: {gpus} × {gpu}, {total} for the term</source>
        <translation>Самый дешёвый {options}: {gpus} × {gpu}, {total} за срок</translation>
    </message>
    <message id="LiveEstimatePanel.cheapest_training_run_options_gpus_gpu">
        <source>Cheapest training run {options}: {gpus} × {gpu}, {run} for the run ({total} for the term)</source>
        <translation>Самое дешёвое обучение {options}: {gpus} × {gpu}, {run} за весь прогон ({total} за срок)</translation>
    </message>
    <message id="LiveEstimatePanel.does_not_fit_needs_total_per">
        <source>Does not fit: needs {total} per GPU, {usable} usable, {headroom} short</source>
        <translation>Не помещается: нужно {total} на GPU, доступно {usable}, не хватает {headroom}</translation>
    </message>
    <message id="LiveEstimatePanel.does_not_fit_vllm_would_not">
        <source>Does not fit: vLLM would not start, its KV cache pool holds no sequence of {context}; the longest context that starts is {longest}</source>
        <translation>Не помещается: vLLM не запустится, его пул KV-кэша не вмещает ни одной последовательности в {context}; самый длинный контекст, с которым он запустится, — {longest}</translation>
    </message>
    <message id="LiveEstimatePanel.does_not_fit_vllm_would_not_95f859">
        <source>Does not fit: vLLM would not start, no KV cache pool is left for any context</source>
        <translation>Не помещается: vLLM не запустится, на пул KV-кэша не остаётся памяти ни при каком контексте</translation>
    </message>
    <message id="LiveEstimatePanel.does_not_run_total_of_usable">
        <source>Does not run: {total} of {usable} fits, but a blocker below stops it</source>
        <translation>Не запустится: {total} из {usable} помещается, но мешает препятствие ниже</translation>
    </message>
    <message id="LiveEstimatePanel.fit_uncertain_the_total_may_be">
        <source>Fit uncertain: the total may be {low} to {high} per GPU (not counted exactly)</source>
        <translation>Помещается ли — неясно: на GPU может понадобиться от {low} до {high} (модель посчитана не точно)</translation>
    </message>
    <message id="LiveEstimatePanel.fits_total_of_usable_usable_per">
        <source>Fits: {total} of {usable} usable per GPU, {headroom} headroom</source>
        <translation>Помещается: {total} из {usable} доступных на GPU, запас {headroom}</translation>
    </message>
    <message id="LiveEstimatePanel.largest_component_name">
        <source>Largest component: {name}</source>
        <translation>Крупнейшая часть: {name}</translation>
    </message>
    <message id="LiveEstimatePanel.live_estimate">
        <source>Live estimate</source>
        <translation>Оценка на лету</translation>
    </message>
    <message id="LiveEstimatePanel.model_cheapest_offer_that_fits_this">
        <source>{model}: cheapest offer that fits this layout is {gpus} × {gpu}, {strategy}</source>
        <translation>{model}: самое дешёвое подходящее предложение для этой схемы — {gpus} × {gpu}, {strategy}</translation>
    </message>
    <message id="LiveEstimatePanel.model_gpus_gpu_strategy">
        <source>{model}: {gpus} × {gpu}, {strategy}</source>
        <translation>{model}: {gpus} × {gpu}, {strategy}</translation>
    </message>
    <message id="LiveEstimatePanel.model_no_offer_fits_this_layout">
        <source>{model}: no offer fits this layout; the closest is {gpus} × {gpu}, {strategy}</source>
        <translation>{model}: ни одно предложение не подходит для этой схемы; ближайшее — {gpus} × {gpu}, {strategy}</translation>
    </message>
    <message id="LiveEstimatePanel.no_offer_in_the_catalog_fits">
        <source>No offer in the catalog fits this request.</source>
        <translation>Ни одно предложение каталога не подходит для этого запроса.</translation>
    </message>
    <message id="LiveEstimatePanel.no_warnings">
        <source>No warnings.</source>
        <translation>Предупреждений нет.</translation>
    </message>
    <message id="LiveEstimatePanel.on_this_offer_and_layout">
        <source>On this offer and layout:</source>
        <translation>На этом предложении и раскладке:</translation>
    </message>
    <message id="LiveEstimatePanel.ranking_the_offers">
        <source>Ranking the offers…</source>
        <translation>Ранжирую предложения…</translation>
    </message>
    <message id="LiveEstimatePanel.reading_the_model">
        <source>Reading the model…</source>
        <translation>Читаю модель…</translation>
    </message>
    <message id="LiveEstimatePanel.vllm_runs_at_once_of_requested">
        <source>vLLM runs {at_once} {of_requested}: the others wait</source>
        <translation>vLLM выполняет {at_once} {of_requested}: остальные ждут</translation>
    </message>
    <message id="LiveEstimatePanel.vllm_s_start_up_profile_over">
        <source>vLLM&apos;s start-up profile over {tokens} tokens and {sequences} sequences: activation peak {peak} per GPU</source>
        <translation>профилировочный прогон vLLM при запуске (токенов: {tokens}, последовательностей: {sequences}): пик активаций {peak} на GPU</translation>
    </message>
    <message id="LiveEstimatePanel.warnings">
        <source>Warnings</source>
        <translation>Предупреждения</translation>
    </message>
    <message id="LiveRouting.counted_from_config_json">
        <source>counted from config.json</source>
        <translation>подсчитано по config.json</translation>
    </message>
    <message id="LiveRouting.counted_from_the_gguf_file">
        <source>counted from the GGUF file</source>
        <translation>подсчитано по файлу GGUF</translation>
    </message>
    <message id="LiveRouting.counted_from_the_safetensors_headers">
        <source>counted from the safetensors headers</source>
        <translation>подсчитано по заголовкам safetensors</translation>
    </message>
    <message id="LiveRouting.fill_in_this_page_to_see">
        <source>Fill in this page to see the estimate.</source>
        <translation>Заполните эту страницу, чтобы увидеть оценку.</translation>
    </message>
    <message id="LiveRouting.from_the_preset">
        <source>from the preset</source>
        <translation>из пресета</translation>
    </message>
    <message id="LiveRouting.from_your_numbers">
        <source>from your numbers</source>
        <translation>по вашим числам</translation>
    </message>
    <message id="LiveRouting.name_params_parameters_source">
        <source>{name}: {params} parameters ({source}).</source>
        <translation>{name}: {params} параметров ({source}).</translation>
    </message>
    <message id="LiveRouting.reading_the_model">
        <source>Reading the model…</source>
        <translation>Читаю модель…</translation>
    </message>
    <message id="MainActions.about_anchorgpu_planner">
        <source>&amp;About AnchorGPU Planner</source>
        <translation>&amp;О программе AnchorGPU Planner</translation>
    </message>
    <message id="MainActions.catalog">
        <source>&amp;Catalog</source>
        <translation>&amp;Каталог</translation>
    </message>
    <message id="MainActions.close_the_application">
        <source>Close the application</source>
        <translation>Закрыть приложение</translation>
    </message>
    <message id="MainActions.find">
        <source>&amp;Find…</source>
        <translation>&amp;Поиск…</translation>
    </message>
    <message id="MainActions.glossary">
        <source>&amp;Glossary</source>
        <translation>&amp;Глоссарий</translation>
    </message>
    <message id="MainActions.history">
        <source>&amp;History</source>
        <translation>&amp;История</translation>
    </message>
    <message id="MainActions.keyboard_shortcuts">
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Сочетания клавиш</translation>
    </message>
    <message id="MainActions.language_tax_runtime_and_catalog">
        <source>Language, tax, runtime and catalog</source>
        <translation>Язык, налог, среда выполнения и каталог</translation>
    </message>
    <message id="MainActions.list_every_command_that_has_a">
        <source>List every command that has a key</source>
        <translation>Все команды, у которых есть сочетание клавиш</translation>
    </message>
    <message id="MainActions.new_plan">
        <source>&amp;New Plan</source>
        <translation>&amp;Новый план</translation>
    </message>
    <message id="MainActions.open_a_plan_file_a_request">
        <source>Open a plan file (a request in JSON) as a new draft</source>
        <translation>Открыть файл плана (запрос в JSON) как новый черновик</translation>
    </message>
    <message id="MainActions.open_or_close_the_glossary_panel">
        <source>Open or close the glossary panel (Escape closes it too)</source>
        <translation>Открыть или закрыть панель глоссария (Escape тоже закрывает)</translation>
    </message>
    <message id="MainActions.open_plan">
        <source>&amp;Open Plan…</source>
        <translation>&amp;Открыть план…</translation>
    </message>
    <message id="MainActions.plan">
        <source>&amp;Plan</source>
        <translation>&amp;План</translation>
    </message>
    <message id="MainActions.quit">
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message id="MainActions.save_plan_as">
        <source>&amp;Save Plan As…</source>
        <translation>Со&amp;хранить план как…</translation>
    </message>
    <message id="MainActions.save_the_plan_as_a_json">
        <source>Save the plan as a JSON file the command line reads too</source>
        <translation>Сохранить план в JSON-файл, который читает и командная строка</translation>
    </message>
    <message id="MainActions.search_the_current_page_or_the">
        <source>Search the current page or the glossary</source>
        <translation>Искать на текущей странице или в глоссарии</translation>
    </message>
    <message id="MainActions.settings">
        <source>&amp;Settings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message id="MainActions.show_saved_quotes_and_orders">
        <source>Show saved quotes and orders</source>
        <translation>Показать сохранённые сметы и заказы</translation>
    </message>
    <message id="MainActions.show_the_gpu_offers_their_specifications">
        <source>Show the GPU offers, their specifications and prices</source>
        <translation>Показать предложения GPU, их характеристики и цены</translation>
    </message>
    <message id="MainActions.show_the_plan_page">
        <source>Show the plan page</source>
        <translation>Показать страницу плана</translation>
    </message>
    <message id="MainActions.start_a_new_plan_in_the">
        <source>Start a new plan in the wizard</source>
        <translation>Начать новый план в мастере</translation>
    </message>
    <message id="MainActions.version_and_catalog">
        <source>Version and catalog</source>
        <translation>Версия и каталог</translation>
    </message>
    <message id="MainWindow.about_anchorgpu_planner">
        <source>About AnchorGPU Planner</source>
        <translation>О программе AnchorGPU Planner</translation>
    </message>
    <message id="MainWindow.anchorgpu_planner">
        <source>AnchorGPU Planner</source>
        <translation>AnchorGPU Planner</translation>
    </message>
    <message id="MainWindow.anchorgpu_planner_version_plans_gpu_rentals">
        <source>&lt;p&gt;&lt;b&gt;AnchorGPU Planner {version}&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans GPU rentals from the AnchorGPU catalog: memory fit, parallel strategies, fixed-term prices and a local history, all offline.&lt;/p&gt;&lt;p&gt;Catalog {id} as of {date}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;AnchorGPU Planner {version}&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Планирует аренду GPU по каталогу AnchorGPU: размещение в памяти, стратегии параллелизма, цены на фиксированный срок и локальная история — всё без подключения к сети.&lt;/p&gt;&lt;p&gt;Каталог {id} на {date}.&lt;/p&gt;</translation>
    </message>
    <message id="MainWindow.catalog">
        <source>Catalog</source>
        <translation>Каталог</translation>
    </message>
    <message id="MainWindow.catalog_id_as_of_date">
        <source>Catalog {id} as of {date}</source>
        <translation>Каталог {id} на {date}</translation>
    </message>
    <message id="MainWindow.database_path">
        <source>Database: {path}</source>
        <translation>База данных: {path}</translation>
    </message>
    <message id="MainWindow.edit">
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message id="MainWindow.everywhere">
        <source>Everywhere</source>
        <translation>Везде</translation>
    </message>
    <message id="MainWindow.file">
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message id="MainWindow.help">
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message id="MainWindow.history">
        <source>History</source>
        <translation>История</translation>
    </message>
    <message id="MainWindow.last_draft">
        <source>Last draft</source>
        <translation>Последний черновик</translation>
    </message>
    <message id="MainWindow.now_using_catalog_id_as_of">
        <source>Now using catalog {id} as of {date}.</source>
        <translation>Теперь используется каталог {id} на {date}.</translation>
    </message>
    <message id="MainWindow.plan">
        <source>Plan</source>
        <translation>План</translation>
    </message>
    <message id="MainWindow.quotes_you_save_and_orders_you">
        <source>Quotes you save and orders you place are listed here, offline.</source>
        <translation>Здесь перечислены сохранённые вами сметы и размещённые заказы — без подключения к сети.</translation>
    </message>
    <message id="MainWindow.saved_quotes_and_orders">
        <source>Saved quotes and orders</source>
        <translation>Сохранённые сметы и заказы</translation>
    </message>
    <message id="MainWindow.settings_problem">
        <source>Settings: {problem}</source>
        <translation>Настройки: {problem}</translation>
    </message>
    <message id="MainWindow.the_catalog_bundled_with_the_app">
        <source>The catalog bundled with the app</source>
        <translation>Каталог, поставляемый с приложением</translation>
    </message>
    <message id="MainWindow.the_draft_file_file_is_a">
        <source>The draft file {file} is a symbolic link: the draft it points to was opened, but the app never writes through a link, so your changes are not kept as the next draft. Replace the link with a regular file, or remove it, to keep them.</source>
        <translation>Файл черновика {file} — символическая ссылка: черновик, на который она указывает, открыт, но приложение никогда не пишет через ссылку, поэтому ваши изменения не сохранятся как следующий черновик. Чтобы они сохранялись, замените ссылку обычным файлом или удалите её.</translation>
    </message>
    <message id="MainWindow.the_imported_catalog_cannot_be_used">
        <source>The imported catalog cannot be used, the bundled one is: {problem}</source>
        <translation>Импортированный каталог нельзя использовать, используется встроенный: {problem}</translation>
    </message>
    <message id="MainWindow.the_settings_file_cannot_be_used">
        <source>The settings file cannot be used ({problem}) and was kept as {file}; the defaults are in use until you save new settings.</source>
        <translation>Файл настроек нельзя использовать ({problem}); он сохранён как {file}, а до сохранения новых настроек действуют значения по умолчанию.</translation>
    </message>
    <message id="MainWindow.toolbar">
        <source>Toolbar</source>
        <translation>Панель инструментов</translation>
    </message>
    <message id="MainWindow.view">
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message id="MemoryChart.gib_per_gpu">
        <source>GiB per GPU</source>
        <translation>ГиБ на GPU</translation>
    </message>
    <message id="MemoryChart.memory_per_gpu_by_component">
        <source>Memory per GPU by component</source>
        <translation>Память на GPU по частям</translation>
    </message>
    <message id="MemoryChart.usable">
        <source>Usable</source>
        <translation>Доступно</translation>
    </message>
    <message id="MemoryChart.vram">
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message id="ModelPage.a_hugging_face_config_json_no">
        <source>A Hugging Face config.json (no network needed)</source>
        <translation>config.json в формате Hugging Face (сеть не нужна)</translation>
    </message>
    <message id="ModelPage.config_json">
        <source>&amp;config.json</source>
        <translation>&amp;config.json</translation>
    </message>
    <message id="ModelPage.config_json_file">
        <source>config.json file</source>
        <translation>Файл config.json</translation>
    </message>
    <message id="ModelPage.custom_numbers">
        <source>C&amp;ustom numbers</source>
        <translation>&amp;Свои числа</translation>
    </message>
    <message id="ModelPage.file">
        <source>&amp;File…</source>
        <translation>&amp;Файл…</translation>
    </message>
    <message id="ModelPage.folder_with_shards">
        <source>F&amp;older with shards…</source>
        <translation>Папка с &amp;частями…</translation>
    </message>
    <message id="ModelPage.gguf">
        <source>&amp;GGUF</source>
        <translation>&amp;GGUF</translation>
    </message>
    <message id="ModelPage.gguf_file">
        <source>GGUF file</source>
        <translation>Файл GGUF</translation>
    </message>
    <message id="ModelPage.gguf_gguf_all_files">
        <source>GGUF (*.gguf);;All files (*)</source>
        <translation>GGUF (*.gguf);;Все файлы (*)</translation>
    </message>
    <message id="ModelPage.import_config_json">
        <source>&amp;Import config.json…</source>
        <translation>&amp;Импорт config.json…</translation>
    </message>
    <message id="ModelPage.import_config_json_dac96f">
        <source>Import config.json</source>
        <translation>Импорт config.json</translation>
    </message>
    <message id="ModelPage.model">
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message id="ModelPage.model_config_json_all_files">
        <source>Model config (*.json);;All files (*)</source>
        <translation>Конфигурация модели (*.json);;Все файлы (*)</translation>
    </message>
    <message id="ModelPage.only_the_header_is_read_metadata">
        <source>Only the header is read: metadata, tensor shapes and quantization types</source>
        <translation>Читается только заголовок: метаданные, формы тензоров и типы квантования</translation>
    </message>
    <message id="ModelPage.only_the_headers_are_read_tensor">
        <source>Only the headers are read: tensor names, shapes and formats</source>
        <translation>Читаются только заголовки: имена, формы и форматы тензоров</translation>
    </message>
    <message id="ModelPage.path_to_a_gguf_file">
        <source>Path to a .gguf file</source>
        <translation>Путь к файлу .gguf</translation>
    </message>
    <message id="ModelPage.path_to_a_safetensors_file_or">
        <source>Path to a .safetensors file or a model folder</source>
        <translation>Путь к файлу .safetensors или к папке модели</translation>
    </message>
    <message id="ModelPage.path_to_config_json">
        <source>Path to config.json</source>
        <translation>Путь к config.json</translation>
    </message>
    <message id="ModelPage.pick_a_preset_read_a_model">
        <source>Pick a preset, read a model&apos;s own config.json or safetensors headers for exact parameter counts, or give its numbers.</source>
        <translation>Выберите пресет, прочитайте config.json или заголовки safetensors модели для точного числа параметров или задайте её числа.</translation>
    </message>
    <message id="ModelPage.preset">
        <source>&amp;Preset</source>
        <translation>&amp;Пресет</translation>
    </message>
    <message id="ModelPage.preset_bca788">
        <source>Preset</source>
        <translation>Пресет</translation>
    </message>
    <message id="ModelPage.read_a_folder_of_safetensors_shards">
        <source>Read a folder of safetensors shards</source>
        <translation>Прочитать папку с частями safetensors</translation>
    </message>
    <message id="ModelPage.read_a_gguf_file">
        <source>Read a .gguf file</source>
        <translation>Прочитать файл .gguf</translation>
    </message>
    <message id="ModelPage.read_a_safetensors_file">
        <source>Read a .safetensors file</source>
        <translation>Прочитать файл .safetensors</translation>
    </message>
    <message id="ModelPage.read_gguf">
        <source>&amp;Read .gguf…</source>
        <translation>Прочит&amp;ать .gguf…</translation>
    </message>
    <message id="ModelPage.read_safetensors">
        <source>Read .safe&amp;tensors…</source>
        <translation>Прочитать .safe&amp;tensors…</translation>
    </message>
    <message id="ModelPage.safetensors">
        <source>&amp;safetensors</source>
        <translation>&amp;safetensors</translation>
    </message>
    <message id="ModelPage.safetensors_file_or_folder">
        <source>safetensors file or folder</source>
        <translation>Файл или папка safetensors</translation>
    </message>
    <message id="ModelPage.safetensors_safetensors_all_files">
        <source>safetensors (*.safetensors);;All files (*)</source>
        <translation>safetensors (*.safetensors);;Все файлы (*)</translation>
    </message>
    <message id="MtpRow.mtp_draft_tokens">
        <source>MTP draft tokens</source>
        <translation>Черновых токенов MTP</translation>
    </message>
    <message id="MtpRow.off">
        <source>off</source>
        <translation>выключено</translation>
    </message>
    <message id="MtpRow.tokens_drafted_per_step_by_the">
        <source>tokens drafted per step by the model&apos;s MTP layers (vLLM); their weights and KV cache count</source>
        <translation>токенов за шаг от слоёв MTP (vLLM); их веса и KV-кэш учитываются</translation>
    </message>
    <message id="Names.activations">
        <source>Activations</source>
        <translation>Активации</translation>
    </message>
    <message id="Names.blocker">
        <source>Blocker</source>
        <translation>Препятствие</translation>
    </message>
    <message id="Names.custom_model_count_parameters">
        <source>Custom model ({count} parameters)</source>
        <translation>Своя модель ({count} параметров)</translation>
    </message>
    <message id="Names.ddp_replicas">
        <source>DDP (replicas)</source>
        <translation>DDP (реплики)</translation>
    </message>
    <message id="Names.diffusion">
        <source>Diffusion</source>
        <translation>Диффузия</translation>
    </message>
    <message id="Names.expired">
        <source>Expired</source>
        <translation>Истёк</translation>
    </message>
    <message id="Names.fsdp_gradients_and_optimizer_sharded">
        <source>FSDP (gradients and optimizer sharded)</source>
        <translation>FSDP (сегменты градиентов и оптимизатора)</translation>
    </message>
    <message id="Names.fsdp_sharded">
        <source>FSDP (sharded)</source>
        <translation>FSDP (сегменты)</translation>
    </message>
    <message id="Names.gpu_compute">
        <source>GPU compute</source>
        <translation>Вычисления GPU</translation>
    </message>
    <message id="Names.gradients">
        <source>Gradients</source>
        <translation>Градиенты</translation>
    </message>
    <message id="Names.hybrid_fsdp">
        <source>Hybrid FSDP</source>
        <translation>Гибридный FSDP</translation>
    </message>
    <message id="Names.hybrid_sharding_fsdp_in_a_node">
        <source>Hybrid sharding (FSDP in a node, replicas across nodes)</source>
        <translation>Гибридное шардирование (FSDP внутри узла, реплики между узлами)</translation>
    </message>
    <message id="Names.inference">
        <source>Inference</source>
        <translation>Инференс</translation>
    </message>
    <message id="Names.kv_cache">
        <source>KV cache</source>
        <translation>KV-кэш</translation>
    </message>
    <message id="Names.note">
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message id="Names.optimizer_states">
        <source>Optimizer states</source>
        <translation>Состояния оптимизатора</translation>
    </message>
    <message id="Names.placed">
        <source>Placed</source>
        <translation>Оформлен</translation>
    </message>
    <message id="Names.quantization_metadata">
        <source>Quantization metadata</source>
        <translation>Метаданные квантования</translation>
    </message>
    <message id="Names.runtime_and_allocator">
        <source>Runtime and allocator</source>
        <translation>Среда выполнения и аллокатор</translation>
    </message>
    <message id="Names.saved_quote">
        <source>Saved quote</source>
        <translation>Смета</translation>
    </message>
    <message id="Names.single">
        <source>Single</source>
        <translation>Один GPU</translation>
    </message>
    <message id="Names.single_gpu">
        <source>Single GPU</source>
        <translation>Один GPU</translation>
    </message>
    <message id="Names.stopped">
        <source>Stopped</source>
        <translation>Остановлен</translation>
    </message>
    <message id="Names.storage">
        <source>Storage</source>
        <translation>Хранилище</translation>
    </message>
    <message id="Names.tax">
        <source>Tax</source>
        <translation>Налог</translation>
    </message>
    <message id="Names.tensor">
        <source>Tensor</source>
        <translation>Тензорный</translation>
    </message>
    <message id="Names.tensor_parallel">
        <source>Tensor parallel</source>
        <translation>Тензорный параллелизм</translation>
    </message>
    <message id="Names.training">
        <source>Training</source>
        <translation>Обучение</translation>
    </message>
    <message id="Names.warning">
        <source>Warning</source>
        <translation>Предупреждение</translation>
    </message>
    <message id="Names.weights">
        <source>Weights</source>
        <translation>Веса</translation>
    </message>
    <message id="OfferPage.compare_selected">
        <source>&amp;Compare selected…</source>
        <translation>&amp;Сравнить выбранные…</translation>
    </message>
    <message id="OfferPage.cover_the_whole_run_term">
        <source>Cover the whole run: {term}</source>
        <translation>Оплатить всё обучение: {term}</translation>
    </message>
    <message id="OfferPage.every_offer_gpu_count_strategy_the">
        <source>Every offer × GPU count × strategy the planner considered, cheapest whole training run first. Choose one.</source>
        <translation>Все рассмотренные варианты «предложение × число GPU × стратегия», самые дешёвые за весь прогон обучения — первыми. Выберите один.</translation>
    </message>
    <message id="OfferPage.every_offer_gpu_count_strategy_the_3d4ecc">
        <source>Every offer × GPU count × strategy the planner considered, cheapest first for the term. Choose one.</source>
        <translation>Все рассмотренные варианты «предложение × число GPU × стратегия», самые дешёвые за срок — первыми. Выберите один.</translation>
    </message>
    <message id="OfferPage.fit_other">
        <source>{fit}, {other}.</source>
        <translation>{fit}, {other}.</translation>
    </message>
    <message id="OfferPage.gpu_offer_and_term">
        <source>GPU offer and term</source>
        <translation>Предложение GPU и срок</translation>
    </message>
    <message id="OfferPage.list_the_options_that_do_not">
        <source>List the options that do not fit, with the reason</source>
        <translation>Перечислить варианты, которые не подходят, с причиной</translation>
    </message>
    <message id="OfferPage.nothing_in_the_catalog_fits_this">
        <source>Nothing in the catalog fits this request. What would fit:</source>
        <translation>Для этого запроса в каталоге ничего не подходит. Что подошло бы:</translation>
    </message>
    <message id="OfferPage.options">
        <source>Options</source>
        <translation>Варианты</translation>
    </message>
    <message id="OfferPage.ranking_the_offers">
        <source>Ranking the offers…</source>
        <translation>Ранжирую предложения…</translation>
    </message>
    <message id="OfferPage.select_two_to_four_options_ctrl">
        <source>Select two to four options (Ctrl+click) to see them side by side</source>
        <translation>Выберите от двух до четырёх вариантов (Ctrl+щелчок), чтобы сравнить их рядом</translation>
    </message>
    <message id="OfferPage.show_infeasible_options">
        <source>Show in&amp;feasible options</source>
        <translation>Показать н&amp;еподходящие варианты</translation>
    </message>
    <message id="OfferPage.the_cheapest_whole_term_of_this">
        <source>The cheapest whole term of this option that lasts the estimated run</source>
        <translation>Самый дешёвый целый срок этого варианта, которого хватает на оценённое обучение</translation>
    </message>
    <message id="OfferTableModel.approximate_low_to_high_per_gpu">
        <source>Approximate: {low} to {high} per GPU</source>
        <translation>Приблизительно: на GPU от {low} до {high}</translation>
    </message>
    <message id="OfferTableModel.cost_of_1_000_images_at">
        <source>Cost of 1,000 images at the estimated throughput, for the term&apos;s price</source>
        <translation>Стоимость 1000 изображений при оценённой производительности по цене срока</translation>
    </message>
    <message id="OfferTableModel.cost_of_the_training_run_over">
        <source>Cost of the training run over the dataset&apos;s tokens</source>
        <translation>Стоимость прогона обучения по всем токенам набора данных</translation>
    </message>
    <message id="OfferTableModel.cost_per_million_generated_tokens_at">
        <source>Cost per million generated tokens at the decode bound</source>
        <translation>Стоимость миллиона сгенерированных токенов на пределе декодирования</translation>
    </message>
    <message id="OfferTableModel.expert_parallel_band_doubled">
        <source>Expert parallelism: no published measurement backs its speed, so the speed band is doubled, to × or ÷ {factor}</source>
        <translation>Экспертный параллелизм: его скорость не подтверждена ни одним опубликованным измерением, поэтому диапазон скорости удвоен — до × или ÷ {factor}</translation>
    </message>
    <message id="OfferTableModel.expert_parallel_band_doubled_cost">
        <source>Expert parallelism: no published measurement backs its speed, so the speed band is doubled, to × or ÷ {factor}: {low} to {high} per 1M tokens</source>
        <translation>Экспертный параллелизм: его скорость не подтверждена ни одним опубликованным измерением, поэтому диапазон скорости удвоен — до × или ÷ {factor}: от {low} до {high} за 1 млн токенов</translation>
    </message>
    <message id="OfferTableModel.fit_uncertain_low_to_high_per">
        <source>Fit uncertain: {low} to {high} per GPU</source>
        <translation>Помещается ли — неясно: на GPU от {low} до {high}</translation>
    </message>
    <message id="OfferTableModel.gpu">
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message id="OfferTableModel.gpu_price_for_the_whole_term">
        <source>GPU price for the whole term, tax included when set</source>
        <translation>Цена GPU за весь срок, с налогом, если он задан</translation>
    </message>
    <message id="OfferTableModel.gpus">
        <source>GPUs</source>
        <translation>GPU, шт.</translation>
    </message>
    <message id="OfferTableModel.max_batch">
        <source>Max batch</source>
        <translation>Макс. батч</translation>
    </message>
    <message id="OfferTableModel.max_context">
        <source>Max context</source>
        <translation>Макс. контекст</translation>
    </message>
    <message id="OfferTableModel.max_image_side">
        <source>Max image side</source>
        <translation>Макс. сторона</translation>
    </message>
    <message id="OfferTableModel.max_micro_batch">
        <source>Max micro-batch</source>
        <translation>Макс. микробатч</translation>
    </message>
    <message id="OfferTableModel.max_sequence">
        <source>Max sequence</source>
        <translation>Макс. длина</translation>
    </message>
    <message id="OfferTableModel.max_sequences">
        <source>Max sequences</source>
        <translation>Макс. последовательностей</translation>
    </message>
    <message id="OfferTableModel.memory_one_gpu_holds_at_its">
        <source>Memory one GPU holds at its peak</source>
        <translation>Память одного GPU в пике</translation>
    </message>
    <message id="OfferTableModel.per_1_000_images">
        <source>Per 1,000 images</source>
        <translation>За 1000 изображений</translation>
    </message>
    <message id="OfferTableModel.per_1m_tokens">
        <source>Per 1M tokens</source>
        <translation>За 1 млн токенов</translation>
    </message>
    <message id="OfferTableModel.per_gpu">
        <source>Per GPU</source>
        <translation>На GPU</translation>
    </message>
    <message id="OfferTableModel.runs_at_once_of_requested">
        <source>Runs {at_once} {of_requested}</source>
        <translation>Выполняет {at_once} {of_requested}</translation>
    </message>
    <message id="OfferTableModel.strategy">
        <source>Strategy</source>
        <translation>Стратегия</translation>
    </message>
    <message id="OfferTableModel.term_total">
        <source>Term total</source>
        <translation>Итого за срок</translation>
    </message>
    <message id="OfferTableModel.text">
        <source>#</source>
        <translation>№</translation>
    </message>
    <message id="OfferTableModel.the_largest_value_that_fits_in">
        <source>The largest value that fits in memory on this option, the rest as requested</source>
        <translation>Наибольшее значение, которое помещается в память на этом варианте; остальное — как в запросе</translation>
    </message>
    <message id="OfferTableModel.the_planner_s_rank_cheapest_for">
        <source>The planner&apos;s rank: cheapest for the term first</source>
        <translation>Место в ранжировании: самые дешёвые за срок — первыми</translation>
    </message>
    <message id="OfferTableModel.the_planner_s_rank_cheapest_training">
        <source>The planner&apos;s rank: cheapest training run first</source>
        <translation>Место в ранжировании: самые дешёвые за весь прогон обучения — первыми</translation>
    </message>
    <message id="OfferTableModel.training_run">
        <source>Training run</source>
        <translation>Прогон обучения</translation>
    </message>
    <message id="OfferTableModel.vram">
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message id="OfferTableModel.why_it_does_not_fit">
        <source>Why it does not fit</source>
        <translation>Почему не подходит</translation>
    </message>
    <message id="OrderQuestion.place_a_simulated_order_for_gpus">
        <source>Place a simulated order for {gpus} ({strategy}) for {term}?

Total: {total}. {period}

Idempotency key of this purchase: {key}</source>
        <translation>Оформить симулированный заказ: {gpus} ({strategy}), срок {term}?

Итого: {total}. {period}

Ключ идемпотентности этой покупки: {key}</translation>
    </message>
    <message id="OrderQuestion.place_order">
        <source>Place Order</source>
        <translation>Оформление заказа</translation>
    </message>
    <message id="OrderQuestion.the_paid_period_runs_from_start">
        <source>The paid period runs from {start} to {end}.</source>
        <translation>Оплаченный период — с {start} по {end}.</translation>
    </message>
    <message id="OrderQuestion.the_paid_period_starts_when_the">
        <source>The paid period starts when the order is placed.</source>
        <translation>Оплаченный период начнётся в момент оформления заказа.</translation>
    </message>
    <message id="OrderQuestion.this_configuration_already_has_an_order">
        <source>This configuration already has an order: {id}, {status}, placed at {placed}, paid until {until}. Placing again buys a second, separate order.</source>
        <translation>У этой конфигурации уже есть заказ: {id}, {status}, оформлен {placed}, оплачен до {until}. Повторное оформление купит второй, отдельный заказ.</translation>
    </message>
    <message id="ParallelismPage.any">
        <source>Any</source>
        <translation>Любая</translation>
    </message>
    <message id="ParallelismPage.auto">
        <source>auto</source>
        <translation>авто</translation>
    </message>
    <message id="ParallelismPage.checked_against_what_the_offer_s">
        <source>checked against what the offer&apos;s driver supports</source>
        <translation>сверяется с поддержкой драйвера предложения</translation>
    </message>
    <message id="ParallelismPage.cuda_workloads_never_run_on_amd">
        <source>CUDA workloads never run on AMD GPUs, nor ROCm on NVIDIA</source>
        <translation>Нагрузки CUDA не работают на GPU AMD, а ROCm — на NVIDIA</translation>
    </message>
    <message id="ParallelismPage.e_g_12_4_optional">
        <source>e.g. 12.4 (optional)</source>
        <translation>например 12.4 (необязательно)</translation>
    </message>
    <message id="ParallelismPage.fsdp_sharding">
        <source>FSDP sharding</source>
        <translation>Сегментирование FSDP</translation>
    </message>
    <message id="ParallelismPage.full_shard_parameters_gradients_optimizer">
        <source>Full shard (parameters, gradients, optimizer)</source>
        <translation>Полное (параметры, градиенты, оптимизатор)</translation>
    </message>
    <message id="ParallelismPage.gpus">
        <source>GPUs</source>
        <translation>Число GPU</translation>
    </message>
    <message id="ParallelismPage.gpus_of_one_offer">
        <source>GPUs of one offer</source>
        <translation>GPU одного предложения</translation>
    </message>
    <message id="ParallelismPage.gpus_that_split_each_layer_must">
        <source>GPUs that split each layer; must divide the attention heads</source>
        <translation>GPU, делящих каждый слой; должна делить число голов внимания</translation>
    </message>
    <message id="ParallelismPage.gradients_and_optimizer_only">
        <source>Gradients and optimizer only</source>
        <translation>Только градиенты и оптимизатор</translation>
    </message>
    <message id="ParallelismPage.hybrid_full_shard_within_a_node">
        <source>Hybrid: full shard within a node</source>
        <translation>Гибридное: полное внутри узла</translation>
    </message>
    <message id="ParallelismPage.parallelism_and_platform">
        <source>Parallelism and platform</source>
        <translation>Параллелизм и платформа</translation>
    </message>
    <message id="ParallelismPage.platform">
        <source>Platform</source>
        <translation>Платформа</translation>
    </message>
    <message id="ParallelismPage.replicas_ddp_do_not_pool_memory">
        <source>Replicas (DDP) do not pool memory; sharding (FSDP) and tensor parallelism split it. Choosing an offer on the next page sets these for you.</source>
        <translation>Реплики (DDP) не объединяют память; сегментирование (FSDP) и тензорный параллелизм её делят. Выбор предложения на следующей странице задаст эти поля.</translation>
    </message>
    <message id="ParallelismPage.required_cuda_rocm_version">
        <source>Required CUDA/ROCm version</source>
        <translation>Нужная версия CUDA/ROCm</translation>
    </message>
    <message id="ParallelismPage.strategy">
        <source>Strategy</source>
        <translation>Стратегия</translation>
    </message>
    <message id="ParallelismPage.tensor_parallel_degree">
        <source>Tensor-parallel degree</source>
        <translation>Степень тензорного параллелизма</translation>
    </message>
    <message id="PlanFileCommands.open_plan">
        <source>Open Plan</source>
        <translation>Открытие плана</translation>
    </message>
    <message id="PlanFileCommands.plan_files_json_all_files">
        <source>Plan files (*.json);;All files (*)</source>
        <translation>Файлы планов (*.json);;Все файлы (*)</translation>
    </message>
    <message id="PlanFileCommands.save_plan_as">
        <source>Save Plan As</source>
        <translation>Сохранение плана</translation>
    </message>
    <message id="PlanPageLink.id_was_planned_from_the_model">
        <source>{id} was planned from the model file {path} on this computer. The new draft reads that file. Read it?</source>
        <translation>Запись {id} рассчитана по файлу модели {path} на этом компьютере. Новый черновик прочитает этот файл. Прочитать его?</translation>
    </message>
    <message id="PlanPageLink.id_was_reopened_in_the_plan">
        <source>{id} was reopened in the plan wizard as a new draft.</source>
        <translation>{id}: открыто в мастере плана как новый черновик.</translation>
    </message>
    <message id="PlanPageLink.its_start_date_has_passed_so">
        <source>Its start date has passed, so the new draft starts when placed.</source>
        <translation>Его дата начала прошла, поэтому новый черновик начнётся в момент оформления.</translation>
    </message>
    <message id="PlanPageLink.reopen_as_new_draft">
        <source>Reopen as New Draft</source>
        <translation>Открыть как новый черновик</translation>
    </message>
    <message id="PlanPageLink.the_plan_wizard_is_not_available">
        <source>The plan wizard is not available in this window.</source>
        <translation>Мастер плана в этом окне недоступен.</translation>
    </message>
    <message id="PlanWizard.back">
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Назад</translation>
    </message>
    <message id="PlanWizard.file_the_preset_preset_is_not">
        <source>{file}: the preset &apos;{preset}&apos; is not bundled with this version</source>
        <translation>{file}: пресет «{preset}» не входит в эту версию</translation>
    </message>
    <message id="PlanWizard.new_plan">
        <source>&amp;New plan</source>
        <translation>Новый &amp;план</translation>
    </message>
    <message id="PlanWizard.next">
        <source>&amp;Next &gt;</source>
        <translation>&amp;Далее &gt;</translation>
    </message>
    <message id="PlanWizard.the_last_draft_cannot_be_opened">
        <source>The last draft cannot be opened; it was left in place: {reason}</source>
        <translation>Последний черновик нельзя открыть; он оставлен на месте: {reason}</translation>
    </message>
    <message id="PlanWizard.the_last_draft_cannot_be_opened_22709d">
        <source>The last draft cannot be opened and was kept as {file}: {reason}</source>
        <translation>Последний черновик нельзя открыть, он сохранён как {file}: {reason}</translation>
    </message>
    <message id="PresetPicker.model_presets">
        <source>Model presets</source>
        <translation>Пресеты моделей</translation>
    </message>
    <message id="PresetPicker.search_presets">
        <source>Search presets</source>
        <translation>Поиск пресетов</translation>
    </message>
    <message id="PresetPicker.search_presets_by_name_e_g">
        <source>Search presets by name, e.g. llama 70b</source>
        <translation>Поиск пресета по имени, например llama 70b</translation>
    </message>
    <message id="QuoteDocument.approximate_total_per_gpu">
        <source>Approximate total per GPU</source>
        <translation>Приблизительно всего на GPU</translation>
    </message>
    <message id="QuoteDocument.catalog">
        <source>Catalog</source>
        <translation>Каталог</translation>
    </message>
    <message id="QuoteDocument.checkpoint_size">
        <source>Checkpoint size</source>
        <translation>Размер контрольной точки</translation>
    </message>
    <message id="QuoteDocument.count_parameters">
        <source> ({count} parameters)</source>
        <translation> ({count} параметров)</translation>
    </message>
    <message id="QuoteDocument.disclaimer">
        <source>Disclaimer</source>
        <translation>Оговорка</translation>
    </message>
    <message id="QuoteDocument.does_not_fit_short_short">
        <source>does not fit, {short} short</source>
        <translation>не помещается, не хватает {short}</translation>
    </message>
    <message id="QuoteDocument.draft_not_saved_yet">
        <source>Draft, not saved yet</source>
        <translation>Черновик, ещё не сохранён</translation>
    </message>
    <message id="QuoteDocument.fit_uncertain_the_model_is_not">
        <source>fit uncertain: the model is not counted exactly</source>
        <translation>помещается ли — неясно: модель посчитана не точно</translation>
    </message>
    <message id="QuoteDocument.fits_headroom_to_spare">
        <source>fits, {headroom} to spare</source>
        <translation>помещается, запас {headroom}</translation>
    </message>
    <message id="QuoteDocument.from_saved_quote">
        <source>From saved quote</source>
        <translation>По сохранённой смете</translation>
    </message>
    <message id="QuoteDocument.generation">
        <source>Generation</source>
        <translation>Генерация</translation>
    </message>
    <message id="QuoteDocument.gpu_and_unit_prices_as_of">
        <source>GPU and unit prices as of {date}</source>
        <translation>GPU и цены за единицу на {date}</translation>
    </message>
    <message id="QuoteDocument.gpu_count">
        <source>GPU × count</source>
        <translation>GPU × число</translation>
    </message>
    <message id="QuoteDocument.id_as_of_date">
        <source>{id} as of {date}</source>
        <translation>{id} на {date}</translation>
    </message>
    <message id="QuoteDocument.idempotency_key">
        <source>Idempotency key</source>
        <translation>Ключ идемпотентности</translation>
    </message>
    <message id="QuoteDocument.images">
        <source>Images</source>
        <translation>Изображения</translation>
    </message>
    <message id="QuoteDocument.key_of_the_next_placement">
        <source>Key of the next placement</source>
        <translation>Ключ следующего оформления</translation>
    </message>
    <message id="QuoteDocument.largest_component">
        <source>Largest component</source>
        <translation>Крупнейшая часть</translation>
    </message>
    <message id="QuoteDocument.low_to_high">
        <source>{low} to {high}</source>
        <translation>от {low} до {high}</translation>
    </message>
    <message id="QuoteDocument.memory_per_gpu_as_estimated">
        <source>Memory per GPU as estimated</source>
        <translation>Память на GPU по оценке</translation>
    </message>
    <message id="QuoteDocument.model">
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message id="QuoteDocument.moment_as_quoted_an_order_starts">
        <source>{moment} as quoted; an order starts when it is placed</source>
        <translation>{moment} на момент сметы; заказ начинается в момент оформления</translation>
    </message>
    <message id="QuoteDocument.moment_the_paid_period_continues_nothing">
        <source>{moment}; the paid period continues, nothing is refunded</source>
        <translation>{moment}; оплаченный период продолжается, ничего не возвращается</translation>
    </message>
    <message id="QuoteDocument.n_images_per_hour">
        <source>{n} images per hour</source>
        <translation>{n} изображений в час</translation>
    </message>
    <message id="QuoteDocument.n_tokens_s_for_all_sequences">
        <source>{n} tokens/s for all sequences together</source>
        <translation>{n} токенов/с для всех последовательностей вместе</translation>
    </message>
    <message id="QuoteDocument.n_tokens_s_hours_h_for">
        <source>{n} tokens/s; {hours} h for the dataset</source>
        <translation>{n} токенов/с; {hours} ч на весь набор данных</translation>
    </message>
    <message id="QuoteDocument.name_vram_vram_interconnect_up_to">
        <source>{name}: {vram} VRAM, {interconnect}, up to {per_node} per node</source>
        <translation>{name}: {vram} VRAM, {interconnect}, до {per_node} на узел</translation>
    </message>
    <message id="QuoteDocument.none">
        <source>None.</source>
        <translation>Нет.</translation>
    </message>
    <message id="QuoteDocument.not_placeable_see_the_warnings">
        <source>not placeable (see the warnings)</source>
        <translation>нельзя оформить (см. предупреждения)</translation>
    </message>
    <message id="QuoteDocument.notes">
        <source>Notes</source>
        <translation>Заметки</translation>
    </message>
    <message id="QuoteDocument.order_id">
        <source>Order {id}</source>
        <translation>Заказ {id}</translation>
    </message>
    <message id="QuoteDocument.paid_from">
        <source>Paid from</source>
        <translation>Оплачен с</translation>
    </message>
    <message id="QuoteDocument.paid_until">
        <source>Paid until</source>
        <translation>Оплачено до</translation>
    </message>
    <message id="QuoteDocument.per_unit">
        <source>per {unit}</source>
        <translation>за {unit}</translation>
    </message>
    <message id="QuoteDocument.placed_at">
        <source>Placed at</source>
        <translation>Дата оформления</translation>
    </message>
    <message id="QuoteDocument.price_as_quoted">
        <source>Price as quoted</source>
        <translation>Цена на момент сметы</translation>
    </message>
    <message id="QuoteDocument.price_currency_per_gpu_hour">
        <source>{price} {currency} per GPU-hour</source>
        <translation>{price} {currency} за GPU-час</translation>
    </message>
    <message id="QuoteDocument.quote_id">
        <source>Quote {id}</source>
        <translation>Смета {id}</translation>
    </message>
    <message id="QuoteDocument.quoted">
        <source>quoted</source>
        <translation>в смете</translation>
    </message>
    <message id="QuoteDocument.quoted_at">
        <source>Quoted at</source>
        <translation>Рассчитано</translation>
    </message>
    <message id="QuoteDocument.saved_quote_id">
        <source>Saved quote {id}</source>
        <translation>Сохранённая смета {id}</translation>
    </message>
    <message id="QuoteDocument.speed">
        <source>Speed</source>
        <translation>Скорость</translation>
    </message>
    <message id="QuoteDocument.status">
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message id="QuoteDocument.stopped_at">
        <source>Stopped at</source>
        <translation>Дата остановки</translation>
    </message>
    <message id="QuoteDocument.strategy">
        <source>Strategy</source>
        <translation>Стратегия</translation>
    </message>
    <message id="QuoteDocument.tensor_parallel_degree_tp">
        <source>, tensor-parallel degree {tp}</source>
        <translation>, степень тензорного параллелизма {tp}</translation>
    </message>
    <message id="QuoteDocument.term">
        <source>Term</source>
        <translation>Срок</translation>
    </message>
    <message id="QuoteDocument.term_hours_h">
        <source>{term} ({hours} h)</source>
        <translation>{term} ({hours} ч)</translation>
    </message>
    <message id="QuoteDocument.term_start">
        <source>Term start</source>
        <translation>Начало срока</translation>
    </message>
    <message id="QuoteDocument.time_left">
        <source>Time left</source>
        <translation>Осталось</translation>
    </message>
    <message id="QuoteDocument.total">
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message id="QuoteDocument.total_per_gpu">
        <source>Total per GPU</source>
        <translation>Итого на GPU</translation>
    </message>
    <message id="QuoteDocument.training">
        <source>Training</source>
        <translation>Обучение</translation>
    </message>
    <message id="QuoteDocument.usable_per_gpu">
        <source>Usable per GPU</source>
        <translation>Доступно на GPU</translation>
    </message>
    <message id="QuoteDocument.verdict">
        <source>Verdict</source>
        <translation>Вывод</translation>
    </message>
    <message id="QuoteDocument.vram_per_gpu">
        <source>VRAM per GPU</source>
        <translation>VRAM на GPU</translation>
    </message>
    <message id="QuoteDocument.warnings">
        <source>Warnings</source>
        <translation>Предупреждения</translation>
    </message>
    <message id="QuoteDocument.workload">
        <source>Workload</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="QuoteSummary.catalog">
        <source>Catalog</source>
        <translation>Каталог</translation>
    </message>
    <message id="QuoteSummary.gpu_count">
        <source>GPU × count</source>
        <translation>GPU × число</translation>
    </message>
    <message id="QuoteSummary.id_as_of_date">
        <source>{id} as of {date}</source>
        <translation>{id} на {date}</translation>
    </message>
    <message id="QuoteSummary.layout">
        <source>Layout</source>
        <translation>Раскладка</translation>
    </message>
    <message id="QuoteSummary.memory_per_gpu">
        <source>Memory per GPU</source>
        <translation>Память на GPU</translation>
    </message>
    <message id="QuoteSummary.model">
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message id="QuoteSummary.need_of_vram">
        <source>{need} of {vram}</source>
        <translation>{need} из {vram}</translation>
    </message>
    <message id="QuoteSummary.operating_point">
        <source>Operating point</source>
        <translation>Рабочая точка</translation>
    </message>
    <message id="QuoteSummary.paid_until">
        <source>Paid until</source>
        <translation>Оплачено до</translation>
    </message>
    <message id="QuoteSummary.price_as_quoted">
        <source>Price as quoted</source>
        <translation>Цена на момент сметы</translation>
    </message>
    <message id="QuoteSummary.status">
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message id="QuoteSummary.strategy">
        <source>Strategy</source>
        <translation>Стратегия</translation>
    </message>
    <message id="QuoteSummary.term">
        <source>Term</source>
        <translation>Срок</translation>
    </message>
    <message id="QuoteSummary.term_hours_h">
        <source>{term} ({hours} h)</source>
        <translation>{term} ({hours} ч)</translation>
    </message>
    <message id="QuoteSummary.total">
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message id="QuoteSummary.traffic">
        <source>Traffic</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="QuoteSummary.workload">
        <source>Workload</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="ReviewPage.a_simulated_order_retrying_with_the">
        <source>A simulated order; retrying with the same key never places a second one</source>
        <translation>Заказ условный; повтор с тем же ключом никогда не создаст второй</translation>
    </message>
    <message id="ReviewPage.as_markdown">
        <source>As &amp;Markdown</source>
        <translation>В &amp;Markdown</translation>
    </message>
    <message id="ReviewPage.as_plain_text">
        <source>As &amp;Plain Text</source>
        <translation>&amp;Простым текстом</translation>
    </message>
    <message id="ReviewPage.copy_a_short_summary_of_the">
        <source>Copy a short summary of the quote for an email or a ticket</source>
        <translation>Скопировать краткую сводку сметы для письма или заявки</translation>
    </message>
    <message id="ReviewPage.copy_summary">
        <source>&amp;Copy Summary</source>
        <translation>&amp;Копировать сводку</translation>
    </message>
    <message id="ReviewPage.export_pdf">
        <source>E&amp;xport PDF…</source>
        <translation>&amp;Экспорт в PDF…</translation>
    </message>
    <message id="ReviewPage.export_the_quote_as_pdf">
        <source>Export the quote as PDF</source>
        <translation>Экспорт сметы в PDF</translation>
    </message>
    <message id="ReviewPage.idempotency_key">
        <source>Idempotency key:</source>
        <translation>Ключ идемпотентности:</translation>
    </message>
    <message id="ReviewPage.label">
        <source>&amp;Label:</source>
        <translation>Н&amp;азвание:</translation>
    </message>
    <message id="ReviewPage.not_placed_this_configuration_already_has">
        <source>Not placed. This configuration already has order {id}.</source>
        <translation>Не оформлено. У этой конфигурации уже есть заказ {id}.</translation>
    </message>
    <message id="ReviewPage.not_saved_reason">
        <source>Not saved: {reason}</source>
        <translation>Не сохранено: {reason}</translation>
    </message>
    <message id="ReviewPage.optional_name_for_the_history_e">
        <source>optional name for the history, e.g. chatbot staging</source>
        <translation>необязательное имя для истории, например чат-бот, тест</translation>
    </message>
    <message id="ReviewPage.order_id_is_placed_simulated_placing">
        <source>Order {id} is placed (simulated). Placing again changes nothing; a new plan, or a changed one, is a new purchase.</source>
        <translation>Заказ {id} размещён (условно). Повторное размещение ничего не меняет; новый или изменённый план — это новая покупка.</translation>
    </message>
    <message id="ReviewPage.order_id_placed_simulated_paid_from">
        <source>Order {id} placed (simulated). Paid from {start} until {end}.</source>
        <translation>Заказ {id} размещён (условно). Оплачено с {start} до {end}.</translation>
    </message>
    <message id="ReviewPage.order_id_was_already_placed_with">
        <source>Order {id} was already placed with this key; nothing new was placed. Paid from {start} until {end}.</source>
        <translation>Заказ {id} уже размещён с этим ключом; новый не создан. Оплачено с {start} до {end}.</translation>
    </message>
    <message id="ReviewPage.pdf_not_written_reason">
        <source>PDF not written: {reason}</source>
        <translation>PDF не записан: {reason}</translation>
    </message>
    <message id="ReviewPage.pdf_pdf">
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message id="ReviewPage.pdf_written_to_path">
        <source>PDF written to {path}.</source>
        <translation>PDF записан в {path}.</translation>
    </message>
    <message id="ReviewPage.place_order">
        <source>&amp;Place order</source>
        <translation>&amp;Разместить заказ</translation>
    </message>
    <message id="ReviewPage.placing_the_order">
        <source>Placing the order…</source>
        <translation>Размещаю заказ…</translation>
    </message>
    <message id="ReviewPage.re_priced_with_the_new_settings">
        <source>Re-priced with the new settings; this quote is not saved yet.</source>
        <translation>Пересчитано с новыми настройками; это предложение ещё не сохранено.</translation>
    </message>
    <message id="ReviewPage.refused_reason">
        <source>Refused: {reason}</source>
        <translation>Отказано: {reason}</translation>
    </message>
    <message id="ReviewPage.review">
        <source>Review</source>
        <translation>Проверка</translation>
    </message>
    <message id="ReviewPage.save_quote">
        <source>&amp;Save quote</source>
        <translation>&amp;Сохранить смету</translation>
    </message>
    <message id="ReviewPage.saved_as_quote_id">
        <source>Saved as quote {id}.</source>
        <translation>Сохранено как смета {id}.</translation>
    </message>
    <message id="ReviewPage.saving">
        <source>Saving…</source>
        <translation>Сохраняю…</translation>
    </message>
    <message id="ReviewPage.the_earlier_placement_finished_as_order">
        <source>The earlier placement finished as order {id}; this one is not placed.</source>
        <translation>Прежнее размещение завершилось заказом {id}; эта смета не размещена.</translation>
    </message>
    <message id="ReviewPage.the_full_quote_nothing_is_saved">
        <source>The full quote. Nothing is saved or placed until you say so.</source>
        <translation>Полная смета. Ничего не сохраняется и не размещается без вашей команды.</translation>
    </message>
    <message id="ReviewPage.the_full_quote_saved_in_the">
        <source>The full quote, saved in the history. Nothing is placed until you say so.</source>
        <translation>Полная смета, сохранена в истории. Ничего не размещается без вашей команды.</translation>
    </message>
    <message id="ReviewPage.the_order_was_not_confirmed_reason">
        <source>The order was not confirmed: {reason} Retrying uses the same key, so it can never be placed twice.</source>
        <translation>Заказ не подтверждён: {reason} Повтор использует тот же ключ, поэтому заказ не может быть размещён дважды.</translation>
    </message>
    <message id="ReviewPage.the_summary_is_on_the_clipboard">
        <source>The summary is on the clipboard.</source>
        <translation>Сводка скопирована в буфер обмена.</translation>
    </message>
    <message id="RuntimeSettings.allocator_reserve">
        <source>Allocator reserve</source>
        <translation>Резерв аллокатора</translation>
    </message>
    <message id="RuntimeSettings.communication_buffers_gib">
        <source>Communication buffers (GiB)</source>
        <translation>Буферы обмена (ГиБ)</translation>
    </message>
    <message id="RuntimeSettings.cuda_hip_context_gib">
        <source>CUDA/HIP context (GiB)</source>
        <translation>Контекст CUDA/HIP (ГиБ)</translation>
    </message>
    <message id="RuntimeSettings.nccl_rccl_buffers_per_gpu_counted">
        <source>NCCL/RCCL buffers per GPU, counted when more than one GPU works</source>
        <translation>буферы NCCL/RCCL на GPU, учитываются, когда работает больше одного GPU</translation>
    </message>
    <message id="RuntimeSettings.per_gpu_with_library_handles_and">
        <source>per GPU, with library handles and kernels (new plans: from Settings)</source>
        <translation>на GPU, с дескрипторами библиотек и ядрами (для новых планов — из настроек)</translation>
    </message>
    <message id="RuntimeSettings.runtime_overhead">
        <source>Runtime overhead</source>
        <translation>Накладные расходы среды выполнения</translation>
    </message>
    <message id="RuntimeSettings.share_of_the_activations_lost_to">
        <source>share of the activations lost to fragmentation (0.1: 10 %)</source>
        <translation>доля активаций, теряемая на фрагментацию (0.1 — 10 %)</translation>
    </message>
    <message id="SettingsDialog.bundled_with_the_app">
        <source>bundled with the app</source>
        <translation>встроенный в приложение</translation>
    </message>
    <message id="SettingsDialog.cannot_open_path_no_file_manager">
        <source>Cannot open {path}: no file manager is available.</source>
        <translation>Не удаётся открыть {path}: файловый менеджер недоступен.</translation>
    </message>
    <message id="SettingsDialog.catalog_id_as_of_date_gpus">
        <source>Catalog {id} as of {date} ({gpus}) will be used after OK.</source>
        <translation>Каталог {id} на {date} ({gpus}) будет использован после нажатия «OK».</translation>
    </message>
    <message id="SettingsDialog.catalog_json">
        <source>Catalog (*.json)</source>
        <translation>Каталог (*.json)</translation>
    </message>
    <message id="SettingsDialog.data_folder">
        <source>Data folder:</source>
        <translation>Папка данных:</translation>
    </message>
    <message id="SettingsDialog.enter_a_percentage_from_0_to">
        <source>Enter a percentage from 0 to 100, e.g. 20</source>
        <translation>Введите процент от 0 до 100, например 20</translation>
    </message>
    <message id="SettingsDialog.gib">
        <source> GiB</source>
        <translation> ГиБ</translation>
    </message>
    <message id="SettingsDialog.gpu_catalog">
        <source>GPU catalog</source>
        <translation>Каталог GPU</translation>
    </message>
    <message id="SettingsDialog.history_database">
        <source>History database:</source>
        <translation>База данных истории:</translation>
    </message>
    <message id="SettingsDialog.import_catalog_file">
        <source>&amp;Import Catalog File…</source>
        <translation>&amp;Импортировать файл каталога…</translation>
    </message>
    <message id="SettingsDialog.import_gpu_catalog">
        <source>Import GPU Catalog</source>
        <translation>Импорт каталога GPU</translation>
    </message>
    <message id="SettingsDialog.in_use_id_as_of_date">
        <source>In use: {id} as of {date}, {where}</source>
        <translation>Используется: {id} на {date}, {where}</translation>
    </message>
    <message id="SettingsDialog.language">
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message id="SettingsDialog.memory_the_cuda_or_hip_context">
        <source>Memory the CUDA or HIP context takes on every GPU; new plans start with it</source>
        <translation>Память, которую контекст CUDA или HIP занимает на каждом GPU; новые планы начинаются с этого значения</translation>
    </message>
    <message id="SettingsDialog.open_data_folder">
        <source>&amp;Open Data Folder</source>
        <translation>&amp;Открыть папку данных</translation>
    </message>
    <message id="SettingsDialog.open_data_folder_e7663c">
        <source>Open Data Folder</source>
        <translation>Открыть папку данных</translation>
    </message>
    <message id="SettingsDialog.runtime_reserve_per_gpu">
        <source>&amp;Runtime reserve per GPU:</source>
        <translation>&amp;Резерв среды выполнения на GPU:</translation>
    </message>
    <message id="SettingsDialog.settings">
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message id="SettingsDialog.system_default_language">
        <source>System default ({language})</source>
        <translation>Как в системе ({language})</translation>
    </message>
    <message id="SettingsDialog.takes_effect_at_once_no_restart">
        <source>Takes effect at once, no restart needed</source>
        <translation>Применяется сразу, без перезапуска</translation>
    </message>
    <message id="SettingsDialog.tax_added_to_quotes_catalog_prices">
        <source>Tax added to quotes; catalog prices exclude tax</source>
        <translation>Налог, добавляемый к сметам; цены каталога указаны без налога</translation>
    </message>
    <message id="SettingsDialog.tax_rate">
        <source>&amp;Tax rate, %:</source>
        <translation>&amp;Ставка налога, %:</translation>
    </message>
    <message id="SettingsDialog.the_bundled_catalog_will_be_used">
        <source>The bundled catalog will be used after OK.</source>
        <translation>Встроенный каталог будет использован после нажатия «OK».</translation>
    </message>
    <message id="SettingsDialog.use_bundled_catalog">
        <source>Use &amp;Bundled Catalog</source>
        <translation>Использовать &amp;встроенный каталог</translation>
    </message>
    <message id="ShortcutsDialog.command">
        <source>Command</source>
        <translation>Команда</translation>
    </message>
    <message id="ShortcutsDialog.keyboard_shortcuts">
        <source>Keyboard Shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message id="ShortcutsDialog.keys">
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
    <message id="ShortcutsDialog.where">
        <source>Where</source>
        <translation>Где</translation>
    </message>
    <message id="SizesPage.formats_of_the_weights_and_the">
        <source>Formats of the weights and the KV cache, and how much the server holds at once.</source>
        <translation>Форматы весов и KV-кэша и сколько сервер держит одновременно.</translation>
    </message>
    <message id="SizesPage.how_the_model_is_trained_it">
        <source>How the model is trained: it decides gradients, optimizer states and activations.</source>
        <translation>Как обучается модель: от этого зависят градиенты, состояния оптимизатора и активации.</translation>
    </message>
    <message id="SizesPage.image_size_and_the_pipeline_s">
        <source>Image size and the pipeline&apos;s memory savers (check image quality with each).</source>
        <translation>Размер изображения и способы экономии памяти конвейера (с каждым проверяйте качество).</translation>
    </message>
    <message id="SizesPage.precision_and_sizes">
        <source>Precision and sizes</source>
        <translation>Точность и размеры</translation>
    </message>
    <message id="StartupNotice.dismiss">
        <source>Dismiss</source>
        <translation>Скрыть</translation>
    </message>
    <message id="TermForm.0_sized_from_the_checkpoint">
        <source>0: sized from the checkpoint</source>
        <translation>0: по размеру контрольной точки</translation>
    </message>
    <message id="TermForm.a_month_is_exactly_30_days">
        <source>a month is exactly 30 days</source>
        <translation>месяц — ровно 30 дней</translation>
    </message>
    <message id="TermForm.at_a_set_time">
        <source>at a set time</source>
        <translation>в заданное время</translation>
    </message>
    <message id="TermForm.by_a_set_time">
        <source>by a set time</source>
        <translation>к заданному времени</translation>
    </message>
    <message id="TermForm.days_24_h">
        <source>Days (24 h)</source>
        <translation>Сутки (24 ч)</translation>
    </message>
    <message id="TermForm.deadline_utc">
        <source>Deadline (UTC)</source>
        <translation>Крайний срок (UTC)</translation>
    </message>
    <message id="TermForm.finish_by">
        <source>Finish b&amp;y</source>
        <translation>Завершить &amp;к</translation>
    </message>
    <message id="TermForm.hours">
        <source>Hours</source>
        <translation>Часы</translation>
    </message>
    <message id="TermForm.hours_h_paid_until_end">
        <source>{hours} h, paid until {end}</source>
        <translation>{hours} ч, оплачено до {end}</translation>
    </message>
    <message id="TermForm.hours_h_starting_when_the_order">
        <source>{hours} h, starting when the order is placed</source>
        <translation>{hours} ч, начиная с размещения заказа</translation>
    </message>
    <message id="TermForm.months_30_days">
        <source>Months (30 days)</source>
        <translation>Месяцы (30 дней)</translation>
    </message>
    <message id="TermForm.no_option_is_chosen_yet_the">
        <source>No option is chosen yet; the cheapest one&apos;s run, {run} h, finishes in time: {spare} h before the deadline</source>
        <translation>Вариант ещё не выбран; обучение на самом дешёвом займёт {run} ч и успевает: за {spare} ч до срока</translation>
    </message>
    <message id="TermForm.no_option_is_chosen_yet_the_702bbe">
        <source>No option is chosen yet; the cheapest one&apos;s run, {run} h, finishes {spare} h after the deadline</source>
        <translation>Вариант ещё не выбран; обучение на самом дешёвом займёт {run} ч и закончится на {spare} ч позже срока</translation>
    </message>
    <message id="TermForm.none">
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message id="TermForm.number_of_units">
        <source>Number of units</source>
        <translation>Количество единиц</translation>
    </message>
    <message id="TermForm.otherwise_when_the_order_is_placed">
        <source>otherwise when the order is placed</source>
        <translation>иначе — при размещении заказа</translation>
    </message>
    <message id="TermForm.persistent_storage_gb_of_10_bytes">
        <source>Persistent storage (GB of 10⁹ bytes)</source>
        <translation>Постоянное хранилище (ГБ по 10⁹ байт)</translation>
    </message>
    <message id="TermForm.start">
        <source>Start</source>
        <translation>Начало</translation>
    </message>
    <message id="TermForm.start_time_utc">
        <source>Start time (UTC)</source>
        <translation>Время начала (UTC)</translation>
    </message>
    <message id="TermForm.term_unit">
        <source>Term unit</source>
        <translation>Единица срока</translation>
    </message>
    <message id="TermForm.the_chosen_option_s_run_run">
        <source>The chosen option&apos;s run, {run} h, finishes in time: {spare} h before the deadline</source>
        <translation>Запуск выбранного варианта, {run} ч, успевает: завершится за {spare} ч до срока</translation>
    </message>
    <message id="TermForm.the_chosen_option_s_run_run_ee3d2d">
        <source>The chosen option&apos;s run, {run} h, finishes {spare} h after the deadline</source>
        <translation>Запуск выбранного варианта, {run} ч, завершится на {spare} ч позже срока</translation>
    </message>
    <message id="TermForm.weeks_168_h">
        <source>Weeks (168 h)</source>
        <translation>Недели (168 ч)</translation>
    </message>
    <message id="TermForm.when_the_training_run_must_end">
        <source>when the training run must end</source>
        <translation>когда обучение должно закончиться</translation>
    </message>
    <message id="TrafficChart.click_a_point_to_run_each">
        <source>Click a point to run each replica at that many requests at once</source>
        <translation>Щёлкните точку, чтобы каждая реплика обрабатывала столько запросов одновременно</translation>
    </message>
    <message id="TrafficChart.left_and_right_move_the_marker">
        <source>Left and Right move the marker, Home and End to the ends; Enter uses it</source>
        <translation>Влево и Вправо двигают маркер, Home и End — к краям; Enter выбирает точку</translation>
    </message>
    <message id="TrafficChart.target">
        <source>target</source>
        <translation>цель</translation>
    </message>
    <message id="TrafficChart.throughput_per_gpu_against_tokens_per">
        <source>Throughput per GPU against tokens per second per user</source>
        <translation>Пропускная способность на GPU в зависимости от токенов в секунду на пользователя</translation>
    </message>
    <message id="TrafficChart.tokens_s_per_gpu">
        <source>tokens/s per GPU</source>
        <translation>токенов/с на GPU</translation>
    </message>
    <message id="TrafficChart.tokens_s_per_user">
        <source>tokens/s per user</source>
        <translation>токенов/с на пользователя</translation>
    </message>
    <message id="TrafficChart.within_the_target_up_to_best">
        <source>Within the target up to {best} requests at once per replica; operating at {chosen}; marker at {marker}</source>
        <translation>В пределах цели — до {best} одновременных запросов на реплику; рабочая точка — {chosen}; маркер на {marker}</translation>
    </message>
    <message id="TrafficPage.at_once">
        <source>At once</source>
        <translation>Одновременно</translation>
    </message>
    <message id="TrafficPage.average_rate">
        <source>Average rate:</source>
        <translation>Средняя частота:</translation>
    </message>
    <message id="TrafficPage.finish_by">
        <source>&amp;Finish by</source>
        <translation>&amp;Завершить к</translation>
    </message>
    <message id="TrafficPage.gpu">
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message id="TrafficPage.gpu_gpus_layout_replicas_replicas_at">
        <source>{gpu} × {gpus}, {layout}, replicas: {replicas}. At the peak each replica runs {at:.1f} requests at once: first token in {ttft:.3f} s, {user:.1f} tokens/s per user, {util:.0%} busy; {binding} ({note})</source>
        <translation>{gpu} × {gpus}, {layout}, реплик: {replicas}. В пик каждая реплика обрабатывает {at:.1f} запросов одновременно: первый токен через {ttft:.3f} с, {user:.1f} токенов/с на пользователя, загрузка {util:.0%}; {binding} ({note})</translation>
    </message>
    <message id="TrafficPage.input_tokens_mean">
        <source>Input tokens, mean:</source>
        <translation>Входных токенов, в среднем:</translation>
    </message>
    <message id="TrafficPage.input_tokens_p90">
        <source>Input tokens, p90:</source>
        <translation>Входных токенов, p90:</translation>
    </message>
    <message id="TrafficPage.layout">
        <source>Layout</source>
        <translation>Раскладка</translation>
    </message>
    <message id="TrafficPage.optional_plan_from_the_traffic_you">
        <source>Optional: plan from the traffic you serve and the latency you need, or from the date a training run must finish. Skip it to keep the layout you chose.</source>
        <translation>Необязательный шаг: план от нагрузки, которую нужно обслуживать, и нужной задержки или от даты, к которой должно завершиться обучение. Пропустите его, чтобы оставить выбранную раскладку.</translation>
    </message>
    <message id="TrafficPage.output_tokens_mean">
        <source>Output tokens, mean:</source>
        <translation>Выходных токенов, в среднем:</translation>
    </message>
    <message id="TrafficPage.output_tokens_p90">
        <source>Output tokens, p90:</source>
        <translation>Выходных токенов, p90:</translation>
    </message>
    <message id="TrafficPage.peak_rate">
        <source>Peak rate:</source>
        <translation>Пиковая частота:</translation>
    </message>
    <message id="TrafficPage.per_1m_tokens">
        <source>Per 1M tokens</source>
        <translation>За 1 млн токенов</translation>
    </message>
    <message id="TrafficPage.plan_from_traffic_and_latency">
        <source>&amp;Plan from traffic and latency</source>
        <translation>&amp;Планировать от нагрузки и задержки</translation>
    </message>
    <message id="TrafficPage.rate_unit">
        <source>Rate unit:</source>
        <translation>Единица частоты:</translation>
    </message>
    <message id="TrafficPage.replicas">
        <source>Replicas</source>
        <translation>Реплики</translation>
    </message>
    <message id="TrafficPage.requests_per_minute">
        <source>requests per minute</source>
        <translation>запросов в минуту</translation>
    </message>
    <message id="TrafficPage.requests_per_second">
        <source>requests per second</source>
        <translation>запросов в секунду</translation>
    </message>
    <message id="TrafficPage.spare_capacity_of_the_peak">
        <source>Spare capacity, % of the peak:</source>
        <translation>Запас мощности, % от пика:</translation>
    </message>
    <message id="TrafficPage.spare_replicas">
        <source>Spare replicas:</source>
        <translation>Запасных реплик:</translation>
    </message>
    <message id="TrafficPage.time_to_first_token_p50_s">
        <source>Time to first token p50, s:</source>
        <translation>Время до первого токена p50, с:</translation>
    </message>
    <message id="TrafficPage.time_to_first_token_p90_s">
        <source>Time to first token p90, s:</source>
        <translation>Время до первого токена p90, с:</translation>
    </message>
    <message id="TrafficPage.tokens_s_per_user">
        <source>Tokens/s per user</source>
        <translation>Токенов/с на пользователя</translation>
    </message>
    <message id="TrafficPage.tokens_s_per_user_at_least">
        <source>Tokens/s per user, at least:</source>
        <translation>Токенов/с на пользователя, не меньше:</translation>
    </message>
    <message id="TrafficPage.total">
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message id="TrafficPage.tpot_ms">
        <source>TPOT, ms</source>
        <translation>TPOT, мс</translation>
    </message>
    <message id="TrafficPage.traffic_and_deadlines_plan_serving_and">
        <source>Traffic and deadlines plan serving and training; image generation has none.</source>
        <translation>Нагрузка и сроки относятся к обслуживанию и обучению; для генерации изображений их нет.</translation>
    </message>
    <message id="TrafficPage.traffic_and_latency">
        <source>Traffic and latency</source>
        <translation>Нагрузка и задержка</translation>
    </message>
    <message id="TrafficPage.traffic_profile">
        <source>Traffic profile</source>
        <translation>Профиль нагрузки</translation>
    </message>
    <message id="TrafficPage.ttft_s">
        <source>TTFT, s</source>
        <translation>TTFT, с</translation>
    </message>
    <message id="TrafficPage.what_if_traffic_doubles">
        <source>What if traffic &amp;doubles</source>
        <translation>Что, если нагрузка &amp;удвоится</translation>
    </message>
    <message id="TrafficText.first_token_p50_s_g_s">
        <source>first token p50 ≤ {s:g} s</source>
        <translation>первый токен p50 ≤ {s:g} с</translation>
    </message>
    <message id="TrafficText.first_token_p90_s_g_s">
        <source>first token p90 ≤ {s:g} s</source>
        <translation>первый токен p90 ≤ {s:g} с</translation>
    </message>
    <message id="TrafficText.peak_3g_requests_s_at_peak">
        <source>{peak:.3g} requests/s at peak ({average:.3g} on average), {input} tokens in, {output} out</source>
        <translation>{peak:.3g} запросов/с в пик ({average:.3g} в среднем), {input} токенов на входе, {output} на выходе</translation>
    </message>
    <message id="TrafficText.rate_3g_tokens_s_per_user">
        <source>≥ {rate:.3g} tokens/s per user</source>
        <translation>≥ {rate:.3g} токенов/с на пользователя</translation>
    </message>
    <message id="TrafficText.replicas_replicas_each_at_1f_requests">
        <source>replicas: {replicas}, each {at:.1f} requests at once at the peak: first token {ttft:.3f} s, {user:.1f} tokens/s per user, {util:.0%} busy</source>
        <translation>реплик: {replicas}, в пик каждая обрабатывает {at:.1f} запросов одновременно: первый токен через {ttft:.3f} с, {user:.1f} токенов/с на пользователя, загрузка {util:.0%}</translation>
    </message>
    <message id="TrafficText.tensor_parallel_tp">
        <source>tensor parallel {tp}</source>
        <translation>тензорный параллелизм {tp}</translation>
    </message>
    <message id="TrafficText.tensor_parallel_tp_data_parallel_dp">
        <source>tensor parallel {tp} × data parallel {dp}, experts split over {ep} GPUs</source>
        <translation>тензорный параллелизм {tp} × параллелизм данных {dp}, эксперты распределены по {ep} GPU</translation>
    </message>
    <message id="TrafficText.tp_tp">
        <source>TP {tp}</source>
        <translation>TP {tp}</translation>
    </message>
    <message id="TrafficText.tp_tp_dp_dp_ep_ep">
        <source>TP {tp} × DP {dp}, EP {ep}</source>
        <translation>TP {tp} × DP {dp}, EP {ep}</translation>
    </message>
    <message id="TrainingForm.activation_checkpointing">
        <source>Activation checkpointing</source>
        <translation>Чекпойнтинг активаций</translation>
    </message>
    <message id="TrainingForm.adamw">
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message id="TrainingForm.adamw_8_bit">
        <source>AdamW 8-bit</source>
        <translation>AdamW 8-бит</translation>
    </message>
    <message id="TrainingForm.adamw_keeps_two_states_per_trained">
        <source>AdamW keeps two states per trained weight</source>
        <translation>AdamW хранит два состояния на каждый обучаемый вес</translation>
    </message>
    <message id="TrainingForm.attention_without_the_full_score_matrix">
        <source>attention without the full score matrix</source>
        <translation>внимание без полной матрицы оценок</translation>
    </message>
    <message id="TrainingForm.bf16_needs_compute_capability_8_0">
        <source>bf16 needs compute capability 8.0+</source>
        <translation>bf16 требует compute capability 8.0+</translation>
    </message>
    <message id="TrainingForm.dataset_tokens">
        <source>Dataset tokens</source>
        <translation>Токенов в наборе данных</translation>
    </message>
    <message id="TrainingForm.e_g_2b">
        <source>e.g. 2B</source>
        <translation>например 2B</translation>
    </message>
    <message id="TrainingForm.e_g_4096">
        <source>e.g. 4096</source>
        <translation>например 4096</translation>
    </message>
    <message id="TrainingForm.flash_attention">
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message id="TrainingForm.full_fine_tuning">
        <source>Full fine-tuning</source>
        <translation>Полное дообучение</translation>
    </message>
    <message id="TrainingForm.lora">
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message id="TrainingForm.lora_rank">
        <source>LoRA rank</source>
        <translation>Ранг LoRA</translation>
    </message>
    <message id="TrainingForm.method">
        <source>Method</source>
        <translation>Метод</translation>
    </message>
    <message id="TrainingForm.micro_batch_size">
        <source>Micro-batch size</source>
        <translation>Размер микропакета</translation>
    </message>
    <message id="TrainingForm.mixed_precision">
        <source>Mixed precision</source>
        <translation>Смешанная точность</translation>
    </message>
    <message id="TrainingForm.optimizer">
        <source>Optimizer</source>
        <translation>Оптимизатор</translation>
    </message>
    <message id="TrainingForm.paged_adamw_8_bit_states_page">
        <source>Paged AdamW 8-bit (states page to CPU memory)</source>
        <translation>Paged AdamW 8-бит (состояния выгружаются в память CPU)</translation>
    </message>
    <message id="TrainingForm.qlora_4_bit_base">
        <source>QLoRA (4-bit base)</source>
        <translation>QLoRA (4-битная база)</translation>
    </message>
    <message id="TrainingForm.recompute_activations_in_the_backward_pass">
        <source>recompute activations in the backward pass</source>
        <translation>пересчитывать активации при обратном проходе</translation>
    </message>
    <message id="TrainingForm.sequence_length">
        <source>Sequence length</source>
        <translation>Длина последовательности</translation>
    </message>
    <message id="TrainingForm.sequences_per_gpu_per_step">
        <source>sequences per GPU per step</source>
        <translation>последовательностей на GPU за шаг</translation>
    </message>
    <message id="TrainingForm.sgd_with_momentum">
        <source>SGD with momentum</source>
        <translation>SGD с моментом</translation>
    </message>
    <message id="TrainingForm.size_of_the_adapter_matrices">
        <source>size of the adapter matrices</source>
        <translation>размер матриц адаптера</translation>
    </message>
    <message id="TrainingForm.tokens_per_training_sequence">
        <source>tokens per training sequence</source>
        <translation>токенов в обучающей последовательности</translation>
    </message>
    <message id="TrainingForm.tokens_to_train_on_sets_the">
        <source>tokens to train on: sets the run&apos;s length and cost</source>
        <translation>токенов для обучения: задаёт длительность и стоимость прогона</translation>
    </message>
    <message id="TrainingForm.what_is_trained_all_weights_or">
        <source>what is trained: all weights or adapters</source>
        <translation>что обучается: все веса или адаптеры</translation>
    </message>
    <message id="VllmSettings.0_17_or_later">
        <source>0.17 or later</source>
        <translation>0.17 и новее</translation>
    </message>
    <message id="VllmSettings.0_7_to_0_16">
        <source>0.7 to 0.16</source>
        <translation>с 0.7 по 0.16</translation>
    </message>
    <message id="VllmSettings.batched_tokens_per_step">
        <source>Batched tokens per step</source>
        <translation>Токенов за шаг</translation>
    </message>
    <message id="VllmSettings.max_num_batched_tokens_sizes_the">
        <source>max_num_batched_tokens: sizes the start-up profile run, whose activation peak comes out of the KV pool; empty: vLLM&apos;s default, 8192 on a GPU of 70 GiB or more other than A100, else 2048</source>
        <translation>max_num_batched_tokens: задаёт размер профилировочного прогона при запуске, пик активаций которого вычитается из пула KV-кэша; пусто — значение vLLM по умолчанию: 8192 на GPU от 70 ГиБ, кроме A100, иначе 2048</translation>
    </message>
    <message id="VllmSettings.max_num_seqs_sequences_the_profile">
        <source>max_num_seqs: sequences the profile run samples at once; empty: vLLM&apos;s default, 1024 on those GPUs, else 256</source>
        <translation>max_num_seqs: последовательности, которые профилировочный прогон сэмплирует разом; пусто — значение vLLM по умолчанию: 1024 на таких GPU, иначе 256</translation>
    </message>
    <message id="VllmSettings.mxfp4_moe_kernel">
        <source>MXFP4 MoE kernel</source>
        <translation>Ядро MoE для MXFP4</translation>
    </message>
    <message id="VllmSettings.prefill_chunk">
        <source>Prefill chunk</source>
        <translation>Фрагмент предзаполнения</translation>
    </message>
    <message id="VllmSettings.prompt_tokens_in_one_forward_pass">
        <source>prompt tokens in one forward pass: they size the activations</source>
        <translation>токены запроса за один прямой проход: от них зависят активации</translation>
    </message>
    <message id="VllmSettings.sequences_per_step">
        <source>Sequences per step</source>
        <translation>Последовательностей за шаг</translation>
    </message>
    <message id="VllmSettings.the_kernel_vllm_runs_mxfp4_experts">
        <source>the kernel vLLM runs MXFP4 experts on (gpt-oss); each pads the experts its own way, Marlin the most (VLLM_MXFP4_USE_MARLIN=1)</source>
        <translation>ядро, на котором vLLM считает MXFP4-экспертов (gpt-oss); каждое дополняет экспертов по-своему, Marlin — больше всех (VLLM_MXFP4_USE_MARLIN=1)</translation>
    </message>
    <message id="VllmSettings.the_release_whose_start_up_profile">
        <source>the release whose start-up profile sizes the KV pool: up to 0.16 its sampler sorts the whole vocabulary, from 0.17 it masks the logits in place and needs less than half the memory</source>
        <translation>версия, чей стартовый прогон задаёт пул KV-кэша: до 0.16 сэмплер сортирует весь словарь, с 0.17 маскирует логиты на месте и занимает меньше половины той памяти</translation>
    </message>
    <message id="VllmSettings.vllm_engine_settings">
        <source>vLLM engine settings</source>
        <translation>Настройки движка vLLM</translation>
    </message>
    <message id="VllmSettings.vllm_release">
        <source>vLLM release</source>
        <translation>Версия vLLM</translation>
    </message>
    <message id="VllmSettings.vllm_s_choice_for_the_gpu">
        <source>vLLM&apos;s choice for the GPU</source>
        <translation>выбор vLLM для этого GPU</translation>
    </message>
    <message id="VllmSettings.vllm_s_default_for_the_gpu">
        <source>vLLM&apos;s default for the GPU</source>
        <translation>по умолчанию vLLM для этого GPU</translation>
    </message>
    <message id="WorkloadPage.answer_requests_with_a_trained_model">
        <source>Answer requests with a trained model; memory holds the weights and a KV cache for every token of every sequence in flight.</source>
        <translation>Отвечать на запросы обученной моделью; память хранит веса и KV-кэш для каждого токена каждой обрабатываемой последовательности.</translation>
    </message>
    <message id="WorkloadPage.diffusion_generate_images">
        <source>&amp;Diffusion: generate images</source>
        <translation>Ди&amp;ффузия: генерировать изображения</translation>
    </message>
    <message id="WorkloadPage.inference_serve_a_language_model">
        <source>&amp;Inference: serve a language model</source>
        <translation>&amp;Инференс: обслуживать языковую модель</translation>
    </message>
    <message id="WorkloadPage.run_an_image_pipeline_text_encoders">
        <source>Run an image pipeline (text encoders, denoiser, VAE); the peak is the larger of denoising and decoding the latents to pixels.</source>
        <translation>Запускать конвейер изображений (текстовые энкодеры, денойзер, VAE); пик — большее из шага денойзинга и декодирования латентов в пиксели.</translation>
    </message>
    <message id="WorkloadPage.training_train_or_fine_tune_a">
        <source>&amp;Training: train or fine-tune a language model</source>
        <translation>&amp;Обучение: обучить или дообучить языковую модель</translation>
    </message>
    <message id="WorkloadPage.update_a_model_s_weights_on">
        <source>Update a model&apos;s weights on your data, fully or with LoRA/QLoRA adapters; memory holds gradients, optimizer states and activations too.</source>
        <translation>Обновлять веса модели на ваших данных, полностью или адаптерами LoRA/QLoRA; память хранит ещё градиенты, состояния оптимизатора и активации.</translation>
    </message>
    <message id="WorkloadPage.what_will_the_gpus_do_the">
        <source>What will the GPUs do? The estimate beside follows every choice.</source>
        <translation>Что будут делать GPU? Оценка рядом следует за каждым выбором.</translation>
    </message>
    <message id="WorkloadPage.workload">
        <source>Workload</source>
        <translation>Нагрузка</translation>
    </message>
    <message id="batch.line_not_json">
        <source>the line is not valid JSON: {reason}</source>
        <translation>строка — некорректный JSON: {reason}</translation>
    </message>
    <message id="batch.line_not_utf8">
        <source>the line is not UTF-8 text</source>
        <translation>строка — не текст UTF-8</translation>
    </message>
    <message id="batch.line_too_long">
        <source>the line is longer than {limit} bytes</source>
        <translation>строка длиннее {limit} байт</translation>
    </message>
    <message id="bf16_unsupported">
        <source>bf16 needs compute capability 8.0+, {gpu} has {cc}</source>
        <translation>bf16 требует compute capability 8.0+, у {gpu} — {cc}</translation>
    </message>
    <message id="catalog.amd_fields">
        <source>an AMD GPU needs gfx_target and driver_rocm_max</source>
        <translation>GPU AMD нужны gfx_target и driver_rocm_max</translation>
    </message>
    <message id="catalog.duplicate_id">
        <source>duplicate GPU id &apos;{id}&apos;</source>
        <translation>повторяется идентификатор GPU «{id}»</translation>
    </message>
    <message id="catalog.field">
        <source>catalog field &apos;{field}&apos;: {reason}</source>
        <translation>поле каталога «{field}»: {reason}</translation>
    </message>
    <message id="catalog.gpu">
        <source>GPU &apos;{gpu}&apos;: {reason}</source>
        <translation>GPU «{gpu}»: {reason}</translation>
    </message>
    <message id="catalog.gpu_field">
        <source>GPU &apos;{gpu}&apos; field &apos;{field}&apos;: {reason}</source>
        <translation>GPU «{gpu}», поле «{field}»: {reason}</translation>
    </message>
    <message id="catalog.missing">
        <source>is missing</source>
        <translation>не указано</translation>
    </message>
    <message id="catalog.missing_file">
        <source>cannot read catalog file {path}: it does not exist</source>
        <translation>не удаётся прочитать файл каталога {path}: его нет</translation>
    </message>
    <message id="catalog.native_and_emulated">
        <source>{formats} listed as both native and emulated</source>
        <translation>{formats}: указаны и как нативные, и как эмулируемые</translation>
    </message>
    <message id="catalog.nvidia_fields">
        <source>an NVIDIA GPU needs compute_capability and driver_cuda_max</source>
        <translation>GPU NVIDIA нужны compute_capability и driver_cuda_max</translation>
    </message>
    <message id="catalog.price_float_hour">
        <source>price must be a decimal string such as &quot;2.49&quot;, not a float</source>
        <translation>цена должна быть десятичной строкой, например &quot;2.49&quot;, а не дробным числом JSON</translation>
    </message>
    <message id="catalog.price_float_storage">
        <source>price must be a decimal string such as &quot;0.10&quot;, not a float</source>
        <translation>цена должна быть десятичной строкой, например &quot;0.10&quot;, а не дробным числом JSON</translation>
    </message>
    <message id="catalog.price_missing">
        <source>price is missing</source>
        <translation>цена не указана</translation>
    </message>
    <message id="catalog.price_not_number">
        <source>price &apos;{value}&apos; is not a number</source>
        <translation>цена «{value}» — не число</translation>
    </message>
    <message id="catalog.price_not_positive">
        <source>price must be positive, got {value}</source>
        <translation>цена должна быть положительной, получено {value}</translation>
    </message>
    <message id="catalog.price_rounds_to_zero">
        <source>GPU &apos;{id}&apos; price per hour for the {unit} term ({price}) makes one GPU for one {unit} cost 0 {currency}; an order must cost at least {smallest}</source>
        <translation>у GPU «{id}» цена за час для срока «{unit}» ({price}) даёт стоимость одного GPU на {unit} 0 {currency}; заказ должен стоить не меньше {smallest}</translation>
    </message>
    <message id="catalog.price_too_high">
        <source>price must be at most {limit:,} per unit, got {value}</source>
        <translation>цена должна быть не больше {limit:,} за единицу, указано {value}</translation>
    </message>
    <message id="catalog.unknown_sources">
        <source>sources cite unknown field(s): {fields}</source>
        <translation>источники ссылаются на неизвестные поля: {fields}</translation>
    </message>
    <message id="catalog.vram_cuda">
        <source>vram_cuda_bytes {cuda:,} is not within 85% of the {vram_gib:g} GB sold and the driver&apos;s total</source>
        <translation>vram_cuda_bytes {cuda:,} вне диапазона от 85 % проданных {vram_gib:g} ГБ до итога драйвера</translation>
    </message>
    <message id="catalog.vram_reported">
        <source>vram_reported_bytes {reported:,} is not within 85-100% of the {vram_gib:g} GB sold</source>
        <translation>vram_reported_bytes {reported:,} не укладывается в 85–100 % от проданных {vram_gib:g} ГБ</translation>
    </message>
    <message id="catalog.whole">
        <source>catalog: {reason}</source>
        <translation>каталог: {reason}</translation>
    </message>
    <message id="checkpoint_restore">
        <source>a resumable checkpoint takes about {size:.1f} GB (model, optimizer, scheduler, RNG and data-loader state); verify that it restores, not only that it is written</source>
        <translation>возобновляемая контрольная точка обучения занимает около {size:.1f} ГБ (модель, оптимизатор, расписание, случайное состояние и состояние загрузчика данных); проверьте, что она восстанавливается, а не только записывается</translation>
    </message>
    <message id="cli.cannot_read_request">
        <source>cannot read request file {path}: {reason}</source>
        <translation>не удаётся прочитать файл запроса {path}: {reason}</translation>
    </message>
    <message id="cli.gpus_at_least_one">
        <source>must be 1 or more, got {gpus}</source>
        <translation>должно быть 1 или больше, получено {gpus}</translation>
    </message>
    <message id="config.not_an_object">
        <source>config.json must hold a JSON object</source>
        <translation>config.json должен содержать объект JSON</translation>
    </message>
    <message id="config.too_large">
        <source>{path} is {size:,} bytes; a config.json is a few kilobytes, so this is not one</source>
        <translation>{path} занимает {size:,} {size|noun.byte}; config.json весит несколько килобайт, значит, это не он</translation>
    </message>
    <message id="context_beyond_model">
        <source>{context} tokens per sequence is longer than the model&apos;s longest sequence ({maximum}): vLLM refuses it unless the config&apos;s rope_scaling extends the length or VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 is set, llama.cpp warns of a context overflow, and quality past the trained length is not assured</source>
        <translation>{context} токенов на последовательность — длиннее самой длинной последовательности модели ({maximum}): vLLM откажется запускаться, если rope_scaling в конфигурации не удлиняет её и не задан VLLM_ALLOW_LONG_MAX_MODEL_LEN=1, llama.cpp предупредит о переполнении контекста, а качество за пределами длины обучения не гарантировано</translation>
    </message>
    <message id="cpu_offload_load_on_cpu">
        <source>CPU offload holds this little only if the pipeline stays on the CPU until offload is enabled: moved to the GPU first (.to(&quot;cuda&quot;), as some guides do), it holds every component at once, {whole:.2f} GiB of weights.</source>
        <translation>Выгрузка на CPU даёт такой малый объём, только если конвейер остаётся на CPU до её включения: перенесённый сначала на GPU (.to(&quot;cuda&quot;), как делают некоторые руководства), он держит все компоненты сразу — {whole:.2f} ГиБ весов.</translation>
    </message>
    <message id="cpu_offload_sequential_slow">
        <source>Sequential CPU offload keeps about one submodule on the GPU and moves weights over the host link for every layer of every step: very slow.</source>
        <translation>Последовательная выгрузка на CPU держит на GPU примерно один подмодуль и передаёт веса по каналу хоста для каждого слоя на каждом шаге: очень медленно.</translation>
    </message>
    <message id="ddp_buckets">
        <source>PyTorch DDP copies gradients into all-reduce buckets, up to the gradients&apos; size again, unless gradient_as_bucket_view=True</source>
        <translation>PyTorch DDP копирует градиенты в бакеты all-reduce, занимая до ещё одного объёма градиентов, если не задано gradient_as_bucket_view=True</translation>
    </message>
    <message id="ddp_does_not_pool">
        <source>needs {need:.1f} GiB per GPU, each {gpu} has {usable:.1f} GiB: DDP keeps a full replica on every GPU and does not pool memory, so {gpus} × {usable:.1f} GiB = {pooled:.1f} GiB does not help; shard the model with FSDP or tensor parallelism</source>
        <translation>нужно {need:.1f} ГиБ на GPU, у каждого {gpu} — {usable:.1f} ГиБ: DDP держит полную реплику на каждом GPU и не объединяет память, поэтому {gpus} × {usable:.1f} ГиБ = {pooled:.1f} ГиБ не помогут; сегментируйте модель с FSDP или тензорным параллелизмом</translation>
    </message>
    <message id="diffusion.cannot_read">
        <source>cannot read diffusion preset {path}: {reason}</source>
        <translation>не удаётся прочитать пресет диффузии {path}: {reason}</translation>
    </message>
    <message id="diffusion.components">
        <source>diffusion preset {path}: needs one denoiser, one vae and a text encoder</source>
        <translation>пресет диффузии {path}: нужны один денойзер, один VAE и текстовый энкодер</translation>
    </message>
    <message id="diffusion.invalid">
        <source>diffusion preset {path}: {where}: {reason}</source>
        <translation>пресет диффузии {path}: {where}: {reason}</translation>
    </message>
    <message id="diffusion.unknown_preset">
        <source>unknown diffusion model &apos;{preset_id}&apos; (known: {known})</source>
        <translation>неизвестная диффузионная модель «{preset_id}» (известны: {known})</translation>
    </message>
    <message id="diffusion_quantized_denoiser">
        <source>{weights} applies to the {denoiser}&apos;s linear layers only; text encoders and the VAE keep their dtype. Check kernel support and image quality.</source>
        <translation>{weights} применяется только к линейным слоям {denoiser}; текстовые энкодеры и VAE сохраняют свой тип данных. Проверьте поддержку ядер и качество изображений.</translation>
    </message>
    <message id="diffusion_replicas_only">
        <source>the diffusion pipelines run whole on each GPU; more GPUs serve as independent replicas (choose single or ddp)</source>
        <translation>конвейеры диффузии работают на каждом GPU целиком; дополнительные GPU служат независимыми репликами (выберите «Один GPU» или DDP)</translation>
    </message>
    <message id="disclaimer">
        <source>The definitions explain concepts; they do not guarantee that a specific workload, library version or topology is supported by an AnchorGPU allocation.</source>
        <translation>Определения объясняют концепцию; они не гарантируют, что конкретная рабочая нагрузка, версия библиотеки или топология поддерживаются выделением AnchorGPU.</translation>
    </message>
    <message id="driver_too_old">
        <source>the workload needs {platform} {version}, but the driver of this offer supports {platform} up to {limit}</source>
        <translation>рабочей нагрузке нужна {platform} {version}, а драйвер этого предложения поддерживает {platform} не выше {limit}</translation>
    </message>
    <message id="error.cannot_read">
        <source>cannot read {path}: {reason}</source>
        <translation>не удаётся прочитать {path}: {reason}</translation>
    </message>
    <message id="error.config_bad_list">
        <source>config.json field &apos;{name}&apos; must be a list of whole numbers or names</source>
        <translation>поле «{name}» в config.json должно быть списком целых чисел или имён</translation>
    </message>
    <message id="error.config_head_dim">
        <source>config.json has no &apos;head_dim&apos; and &apos;hidden_size&apos; ({hidden}) is not a multiple of &apos;num_attention_heads&apos; ({heads})</source>
        <translation>в config.json нет «head_dim», а «hidden_size» ({hidden}) не кратно «num_attention_heads» ({heads})</translation>
    </message>
    <message id="error.config_key_missing">
        <source>config.json has no &apos;{key}&apos;; it is needed to count parameters</source>
        <translation>в config.json нет &apos;{key}&apos;; это поле нужно для подсчёта параметров</translation>
    </message>
    <message id="error.config_kv_heads">
        <source>config.json field &apos;num_key_value_heads&apos; ({kv}) must divide &apos;num_attention_heads&apos; ({heads})</source>
        <translation>поле «num_key_value_heads» в config.json ({kv}) должно делить «num_attention_heads» ({heads})</translation>
    </message>
    <message id="error.config_layers_differ">
        <source>config.json field &apos;{name}&apos; differs between layers; the planner counts one expert shape for every MoE layer</source>
        <translation>поле «{name}» в config.json различается между слоями; планировщик считает одну форму экспертов для всех MoE-слоёв</translation>
    </message>
    <message id="error.config_list_length">
        <source>config.json field &apos;{name}&apos; describes {length} layers but the model has {layers}</source>
        <translation>поле «{name}» в config.json описывает слоёв: {length}, а в модели их {layers}</translation>
    </message>
    <message id="error.config_missing">
        <source>config file {path} does not exist or is not a file</source>
        <translation>файл конфигурации {path} не существует или не является файлом</translation>
    </message>
    <message id="error.config_not_bool">
        <source>config.json field &apos;{name}&apos; must be true or false, got {value}</source>
        <translation>поле &apos;{name}&apos; в config.json должно быть true или false, получено {value}</translation>
    </message>
    <message id="error.config_not_finite">
        <source>config.json field &apos;{name}&apos; is {value}; the planner needs a finite value there</source>
        <translation>поле &apos;{name}&apos; в config.json равно {value}; здесь планировщику нужно конечное значение</translation>
    </message>
    <message id="error.config_not_json">
        <source>{path} is not valid JSON: {reason}</source>
        <translation>{path} — некорректный JSON: {reason}</translation>
    </message>
    <message id="error.config_not_non_negative">
        <source>config.json field &apos;{name}&apos; must be a non-negative whole number, got {value}</source>
        <translation>поле &apos;{name}&apos; в config.json должно быть неотрицательным целым числом, получено {value}</translation>
    </message>
    <message id="error.config_not_object">
        <source>{path} must hold a JSON object, not {kind}</source>
        <translation>{path} должен содержать объект JSON, а не {kind}</translation>
    </message>
    <message id="error.config_not_positive">
        <source>config.json field &apos;{name}&apos; must be a positive whole number, got {value}</source>
        <translation>поле &apos;{name}&apos; в config.json должно быть положительным целым числом, получено {value}</translation>
    </message>
    <message id="error.config_not_utf8">
        <source>{path} is not UTF-8 text, so it is not a config.json</source>
        <translation>{path} — не текст в UTF-8, значит, это не config.json</translation>
    </message>
    <message id="error.config_too_large">
        <source>config.json field &apos;{name}&apos; is {value}, above the largest the planner accepts ({bound}); no published model comes near it</source>
        <translation>поле «{name}» в config.json равно {value}, это больше наибольшего допустимого значения ({bound}); ни одна опубликованная модель к нему не приближается</translation>
    </message>
    <message id="error.config_top_k">
        <source>config.json field &apos;{name}&apos; ({top_k}) exceeds the {experts} experts</source>
        <translation>поле «{name}» в config.json ({top_k}) больше числа экспертов ({experts})</translation>
    </message>
    <message id="error.custom_active">
        <source>custom model: active_params ({active:,}) is smaller than the embeddings ({embedding:,})</source>
        <translation>пользовательская модель: active_params ({active:,}) меньше эмбеддингов ({embedding:,})</translation>
    </message>
    <message id="error.custom_embeddings">
        <source>custom model: vocab_size × hidden_size = {embedding:,} is not less than params = {params:,}</source>
        <translation>пользовательская модель: vocab_size × hidden_size = {embedding:,} — не меньше, чем params = {params:,}</translation>
    </message>
    <message id="error.diffusion_for_llm">
        <source>&apos;{model}&apos; is a diffusion pipeline; choose the diffusion workload for it</source>
        <translation>&apos;{model}&apos; — конвейер диффузии; выберите для него нагрузку «Диффузия»</translation>
    </message>
    <message id="error.gguf_blocks_past_tensors">
        <source>{path}: {key} says {blocks:,} blocks, but the file holds {tensors:,} tensors and every block holds at least one</source>
        <translation>{path}: {key} называет блоков: {blocks:,}, но тензоров в файле всего {tensors:,}, а в каждом блоке есть хотя бы один</translation>
    </message>
    <message id="error.gguf_experts_used">
        <source>{path}: {key} ({used:,}) is more than the {experts:,} experts of the model</source>
        <translation>{path}: {key} ({used:,}) больше числа экспертов модели ({experts:,})</translation>
    </message>
    <message id="error.gguf_heads_past_width">
        <source>{path}: {heads_key} ({heads:,}) is more than {width_key} ({width:,}) and no {head_key} gives the head size, so a head would hold no values</source>
        <translation>{path}: {heads_key} ({heads:,}) больше, чем {width_key} ({width:,}), а размер головы в {head_key} не указан, так что на голову не пришлось бы ни одного значения</translation>
    </message>
    <message id="error.gguf_invalid">
        <source>{path} is not a valid GGUF file: {reason}</source>
        <translation>{path} не является корректным файлом GGUF: {reason}</translation>
    </message>
    <message id="error.gguf_key_missing">
        <source>{path} lacks the metadata key {key}, which the planner needs</source>
        <translation>в {path} нет ключа метаданных {key}, нужного планировщику</translation>
    </message>
    <message id="error.gguf_key_zero">
        <source>{path}: the metadata key {key} is 0; a model needs at least one</source>
        <translation>{path}: ключ метаданных {key} равен 0, а модели нужен хотя бы один</translation>
    </message>
    <message id="error.gguf_magic">
        <source>{path} is not a GGUF file (it does not begin with the bytes &apos;GGUF&apos;)</source>
        <translation>{path} не является файлом GGUF (он не начинается с байтов «GGUF»)</translation>
    </message>
    <message id="error.gguf_size_past_tensors">
        <source>{path}: {key} is {value:,}, more than the {values:,} values all the file&apos;s tensors hold</source>
        <translation>{path}: {key} равен {value:,}, а это больше, чем значений во всех тензорах файла ({values:,})</translation>
    </message>
    <message id="error.gguf_split_key">
        <source>{path}: the split key {key} is {value}, not a whole number</source>
        <translation>{path}: ключ разбиения {key} равен {value}, а должен быть целым числом</translation>
    </message>
    <message id="error.gguf_split_mismatch">
        <source>{path} does not say it is part {number} of {count} (split.no, split.count): the split files do not belong together</source>
        <translation>{path} не называет себя частью {number} из {count} (split.no, split.count): эти части не от одной модели</translation>
    </message>
    <message id="error.gguf_split_missing">
        <source>{path} is one of {count} split files and {missing_count} of them are not beside it ({missing}); the model&apos;s size needs every part</source>
        <translation>{path} — одна из частей разбитой модели (частей: {count}), и рядом с ним не хватает файлов ({missing_count}: {missing}); для размера модели нужны все части</translation>
    </message>
    <message id="error.gguf_split_name">
        <source>{path} is one of {count} split files, but its name does not end in -NNNNN-of-{count:05d}.gguf, so the other parts cannot be found; keep the names llama.cpp&apos;s gguf-split gave them</source>
        <translation>{path} — одна из частей разбитой модели (частей: {count}), но имя не оканчивается на -NNNNN-of-{count:05d}.gguf, поэтому остальные части не найти; оставьте имена, которые дал им gguf-split из llama.cpp</translation>
    </message>
    <message id="error.gguf_split_tensor_twice">
        <source>the split files of {path} hold a tensor name twice</source>
        <translation>в частях модели {path} одно имя тензора встречается дважды</translation>
    </message>
    <message id="error.gguf_split_tensors">
        <source>{path} says its {count} split files hold {declared:,} tensors, but they hold {found:,}</source>
        <translation>{path}: по его словам, в частях модели (их {count}) тензоров {declared:,}, а на деле {found:,}</translation>
    </message>
    <message id="error.gguf_version">
        <source>{path} is GGUF version {version}; versions 2 and 3 can be read</source>
        <translation>{path} — GGUF версии {version}; читаются версии 2 и 3</translation>
    </message>
    <message id="error.gpus_out_of_range">
        <source>gpus must be from 1 to {max_gpus} for {gpu}, got {gpus}</source>
        <translation>число GPU для {gpu} должно быть от 1 до {max_gpus}, получено {gpus}</translation>
    </message>
    <message id="error.llm_for_diffusion">
        <source>&apos;{model}&apos; is a language model; the diffusion workload needs a diffusion pipeline (sd-1.5, sdxl, flux.1-dev)</source>
        <translation>&apos;{model}&apos; — языковая модель; для диффузии нужен конвейер диффузии (sd-1.5, sdxl, flux.1-dev)</translation>
    </message>
    <message id="error.safetensors_missing">
        <source>{path} does not exist</source>
        <translation>{path} не существует</translation>
    </message>
    <message id="error.storage_needs_checkpoint">
        <source>0 sizes storage from the training checkpoint, but this workload has no checkpoint estimate; give a size in GB</source>
        <translation>0 задаёт размер хранилища по контрольной точке обучения, но для этой нагрузки контрольная точка не оценивается; укажите размер в ГБ</translation>
    </message>
    <message id="error.unknown_gpu">
        <source>unknown GPU &apos;{gpu}&apos; (known: {known})</source>
        <translation>неизвестный GPU &apos;{gpu}&apos; (известны: {known})</translation>
    </message>
    <message id="expert_parallel_across_nodes">
        <source>the expert-parallel group of {ep} GPUs spans nodes ({per_node} GPUs per node): every MoE layer exchanges tokens over the network, which the speed shown (timed over the node&apos;s own link) does not include</source>
        <translation>группа параллелизма экспертов из {ep} GPU выходит за пределы узла ({per_node} GPU на узел): каждый MoE-слой обменивается токенами по сети, а показанная скорость (рассчитанная по связи внутри узла) этого не учитывает</translation>
    </message>
    <message id="expert_parallel_layout">
        <source>expert parallel: the {experts} experts of each MoE layer are split whole over {ep} GPUs (at most {per_gpu} each); attention, shared experts and dense layers are tensor-parallel over {tp} in each of {dp} data-parallel ranks, each with its own KV cache and the requested sequences</source>
        <translation>параллелизм экспертов: {experts} экспертов каждого MoE-слоя целиком распределены по {ep} GPU (не больше {per_gpu} на каждом); внимание, общие эксперты и плотные слои разделены тензорным параллелизмом на {tp} GPU в каждой из {dp} групп параллелизма данных, и у каждой группы свой KV-кэш и запрошенные последовательности</translation>
    </message>
    <message id="expert_parallel_not_applied.dense">
        <source>expert parallelism is asked for, but the model routes no experts: it is served tensor-parallel</source>
        <translation>задан параллелизм экспертов, но в модели нет маршрутизируемых экспертов: она обслуживается с тензорным параллелизмом</translation>
    </message>
    <message id="expert_parallel_not_applied.few_experts">
        <source>expert parallelism is asked for over {gpus} GPUs, but each MoE layer has only {experts} experts, fewer than the GPUs: counted tensor-parallel instead</source>
        <translation>параллелизм экспертов задан на {gpus} GPU, но в каждом MoE-слое всего {experts} экспертов, меньше, чем GPU: вместо него посчитан тензорный параллелизм</translation>
    </message>
    <message id="expert_parallel_not_applied.one_gpu">
        <source>expert parallelism is asked for on one GPU per replica: vLLM splits experts only over two or more, so it is served as is</source>
        <translation>параллелизм экспертов задан для одного GPU на реплику: vLLM распределяет экспертов только по двум GPU и более, поэтому модель обслуживается как есть</translation>
    </message>
    <message id="fit.beyond_model">
        <source>fits in memory, but the model&apos;s max_position_embeddings is {limit:,} tokens, below the {asked:,} asked for</source>
        <translation>помещается в память, но max_position_embeddings модели — {limit:,} {limit|noun.token}, меньше запрошенных {asked:,}</translation>
    </message>
    <message id="fit.no_layout">
        <source>no layout of this workload uses that many GPUs of this offer</source>
        <translation>ни одна раскладка этой задачи не использует столько GPU этого предложения</translation>
    </message>
    <message id="fit.not_a_folder">
        <source>{models_dir} is not a folder</source>
        <translation>{models_dir} — не папка</translation>
    </message>
    <message id="fit.over_budget">
        <source>no GPU count of this offer is within the budget for the term</source>
        <translation>ни одно число GPU этого предложения не укладывается в бюджет на срок</translation>
    </message>
    <message id="format_converted">
        <source>{gpu} ({gfx}) runs FP8 only in the FNUZ encoding: the OCP FP8 weights of {format} are converted when loaded, which changes values and scales; verify output quality (source: {source})</source>
        <translation>{gpu} ({gfx}) выполняет FP8 только в кодировке FNUZ: веса OCP FP8 формата {format} преобразуются при загрузке, что меняет значения и масштабы; проверьте качество ответов (источник: {source})</translation>
    </message>
    <message id="format_emulated">
        <source>{gpu} has no {feature} tensor cores: {format} runs through weight-only kernels that dequantize to 16-bit, so the memory saving stays but prefill runs at the bf16 peak ({peak:,.0f} TFLOPs) and the kernels must exist in your serving stack (source: {source})</source>
        <translation>у {gpu} нет тензорных ядер {feature}: {format} работает через ядра только для весов, которые деквантуют их в 16 бит, поэтому экономия памяти остаётся, но префилл идёт на пике bf16 ({peak:,.0f} Тфлопс), а такие ядра должны быть в вашем стеке обслуживания (источник: {source})</translation>
    </message>
    <message id="format_unsupported">
        <source>no kernel runs {format} ({feature}) on {gpu}; choose another format or GPU (source: {source})</source>
        <translation>ни одно ядро не выполняет {format} ({feature}) на {gpu}; выберите другой формат или GPU (источник: {source})</translation>
    </message>
    <message id="fp8_emulated">
        <source>{gpu} (compute capability {cc}) has no fp8 tensor cores (8.9+ needed): weight-only fp8 kernels dequantize to 16-bit, saving memory but not compute; check that your serving stack offers them</source>
        <translation>у {gpu} (compute capability {cc}) нет тензорных ядер fp8 (нужна 8.9+): ядра fp8 только для весов деквантуют их в 16 бит и экономят память, но не вычисления; проверьте, что ваш стек обслуживания их предлагает</translation>
    </message>
    <message id="fp8_unsupported">
        <source>{gpu} ({gfx}) runs no FP8 format, neither OCP FP8 nor its FNUZ encoding, so fp8 weights and an fp8 KV cache do not run on it (source: {source})</source>
        <translation>{gpu} ({gfx}) не поддерживает FP8 ни в формате OCP, ни в кодировке FNUZ, поэтому веса fp8 и KV-кэш fp8 на нём не работают (источник: {source})</translation>
    </message>
    <message id="fsdp_sharded_checkpoint">
        <source>FSDP writes checkpoints as {shards} shards; to restore on another number of GPUs they must be consolidated or resharded (torch.distributed.checkpoint); FSDP also adds communication every step</source>
        <translation>FSDP записывает контрольные точки сегментами (сегментов: {shards}); чтобы восстановить их на другом числе GPU, их нужно объединить или пересегментировать (torch.distributed.checkpoint); кроме того, FSDP добавляет коммуникацию на каждом шаге</translation>
    </message>
    <message id="gguf.alignment">
        <source>general.alignment {value} is not a power of two</source>
        <translation>general.alignment {value} — не степень двойки</translation>
    </message>
    <message id="gguf.array_count">
        <source>{what} holds {count:,} arrays (at most {limit:,})</source>
        <translation>{what}: массивов {count:,} (не больше {limit:,})</translation>
    </message>
    <message id="gguf.array_depth">
        <source>{what} nests arrays more than {limit} deep</source>
        <translation>{what}: массивы вложены глубже {limit} уровней</translation>
    </message>
    <message id="gguf.blocks">
        <source>{what} rows of {values} values are not whole {ggml_type} blocks of {block}</source>
        <translation>{what}: строки из {values} {values|noun.value_genitive} не делятся на целые блоки {ggml_type} по {block}</translation>
    </message>
    <message id="gguf.count_too_large">
        <source>{what} is {value:,}, more than the file can hold</source>
        <translation>{what}: {value:,} — больше, чем может вместить файл</translation>
    </message>
    <message id="gguf.dimensions">
        <source>{what} has {n_dims} dimensions (ggml allows 1 to {limit})</source>
        <translation>{what}: измерений {n_dims} (ggml допускает от 1 до {limit})</translation>
    </message>
    <message id="gguf.elements">
        <source>{what} claims {elements:,} values</source>
        <translation>{what}: заявлено значений {elements:,}</translation>
    </message>
    <message id="gguf.ggml_type">
        <source>{what} has ggml type {type_id}, which is not a known type</source>
        <translation>{what}: тип ggml {type_id} неизвестен</translation>
    </message>
    <message id="gguf.key_twice">
        <source>key &apos;{key}&apos; appears twice</source>
        <translation>ключ «{key}» встречается дважды</translation>
    </message>
    <message id="gguf.misaligned">
        <source>tensor &apos;{name}&apos; starts at {offset}, not a multiple of {alignment}</source>
        <translation>тензор «{name}» начинается с {offset}, а это не кратно {alignment}</translation>
    </message>
    <message id="gguf.not_utf8">
        <source>{what} is not UTF-8 text</source>
        <translation>{what}: не текст UTF-8</translation>
    </message>
    <message id="gguf.overlap">
        <source>tensor &apos;{name}&apos; overlaps the tensor before it</source>
        <translation>тензор «{name}» перекрывает предыдущий тензор</translation>
    </message>
    <message id="gguf.part_dimension_count">
        <source>the dimension count of {what}</source>
        <translation>число измерений ({what})</translation>
    </message>
    <message id="gguf.part_dimensions">
        <source>the dimensions of {what}</source>
        <translation>измерения ({what})</translation>
    </message>
    <message id="gguf.part_element_type">
        <source>the element type of {what}</source>
        <translation>тип элементов ({what})</translation>
    </message>
    <message id="gguf.part_key">
        <source>&apos;{key}&apos;</source>
        <translation>ключ «{key}»</translation>
    </message>
    <message id="gguf.part_key_number">
        <source>key #{number}</source>
        <translation>ключ № {number}</translation>
    </message>
    <message id="gguf.part_kv_count">
        <source>the key/value count</source>
        <translation>число пар «ключ — значение»</translation>
    </message>
    <message id="gguf.part_length">
        <source>the length of {what}</source>
        <translation>длина ({what})</translation>
    </message>
    <message id="gguf.part_magic">
        <source>the magic</source>
        <translation>сигнатура файла</translation>
    </message>
    <message id="gguf.part_offset">
        <source>the offset of {what}</source>
        <translation>смещение ({what})</translation>
    </message>
    <message id="gguf.part_tensor">
        <source>tensor &apos;{name}&apos;</source>
        <translation>тензор «{name}»</translation>
    </message>
    <message id="gguf.part_tensor_count">
        <source>the tensor count</source>
        <translation>число тензоров</translation>
    </message>
    <message id="gguf.part_tensor_name">
        <source>the name of tensor #{number}</source>
        <translation>имя тензора № {number}</translation>
    </message>
    <message id="gguf.part_type">
        <source>the type of {what}</source>
        <translation>тип ({what})</translation>
    </message>
    <message id="gguf.part_value_type">
        <source>the value type of &apos;{key}&apos;</source>
        <translation>тип значения ключа «{key}»</translation>
    </message>
    <message id="gguf.part_version">
        <source>the version</source>
        <translation>версия</translation>
    </message>
    <message id="gguf.past_end">
        <source>tensor &apos;{name}&apos; ends at byte {end:,} of the data, but the file holds only {data_bytes:,} (truncated or incomplete)</source>
        <translation>тензор «{name}» заканчивается на байте {end:,} данных, а в файле их только {data_bytes:,} (файл обрезан или неполон)</translation>
    </message>
    <message id="gguf.string_past_end">
        <source>{what} holds a string of {length:,} bytes</source>
        <translation>{what}: строка длиной {length:,} {length|noun.byte}</translation>
    </message>
    <message id="gguf.string_too_long">
        <source>{what} claims {length:,} bytes (at most {limit:,})</source>
        <translation>{what}: заявлено {length:,} {length|noun.byte} (не больше {limit:,})</translation>
    </message>
    <message id="gguf.tensor_twice">
        <source>a tensor name appears twice</source>
        <translation>имя тензора встречается дважды</translation>
    </message>
    <message id="gguf.too_many_values">
        <source>{what} brings the metadata past {limit:,} values</source>
        <translation>{what}: метаданные превышают {limit:,} значений</translation>
    </message>
    <message id="gguf.truncated">
        <source>{what} runs past the end of the file (truncated)</source>
        <translation>{what}: выходит за конец файла (файл обрезан)</translation>
    </message>
    <message id="gguf.value_type">
        <source>value type {kind} is not a GGUF type</source>
        <translation>тип значения {kind} — не тип GGUF</translation>
    </message>
    <message id="gguf.value_type_of">
        <source>{what} has value type {kind}, not a GGUF type</source>
        <translation>{what}: тип значения {kind} — не тип GGUF</translation>
    </message>
    <message id="glossary.count_mismatch">
        <source>glossary-ru.txt and glossary-en.json disagree on the number of terms</source>
        <translation>в glossary-ru.txt и glossary-en.json разное число терминов</translation>
    </message>
    <message id="glossary.help_key">
        <source>help entry &apos;{key}&apos; repeats a glossary key or names an unknown one</source>
        <translation>статья справки «{key}» повторяет ключ глоссария или называет неизвестный</translation>
    </message>
    <message id="glossary.help_mismatch">
        <source>help-en.json and help-ru.json disagree on their entries</source>
        <translation>статьи справки в help-en.json и help-ru.json не совпадают</translation>
    </message>
    <message id="glossary.no_match">
        <source>no glossary term matches &apos;{text}&apos;</source>
        <translation>ни один термин глоссария не подходит к «{text}»</translation>
    </message>
    <message id="glossary.term_mismatch">
        <source>glossary term {number}: expected &apos;{seed}&apos;, got &apos;{term_ru}&apos;</source>
        <translation>термин глоссария {number}: ожидался «{seed}», найден «{term_ru}»</translation>
    </message>
    <message id="glossary.unknown_term">
        <source>unknown glossary term &apos;{key}&apos;</source>
        <translation>в глоссарии нет термина «{key}»</translation>
    </message>
    <message id="goal.fastest">
        <source>the fastest, {gpus} × {gpu}, needs {hours:,.1f} h and finishes {late:,.1f} h late</source>
        <translation>самому быстрому, {gpus} × {gpu}, нужно {hours:,.1f} ч, и он опоздает на {late:,.1f} ч</translation>
    </message>
    <message id="goal.late">
        <source>no option finishes by the deadline; the cheapest, {gpus} × {gpu}, needs {hours:,.1f} h and finishes {late:,.1f} h late</source>
        <translation>ни один вариант не успевает к сроку; самому дешёвому, {gpus} × {gpu}, нужно {hours:,.1f} ч, и он опоздает на {late:,.1f} ч</translation>
    </message>
    <message id="goal.meets">
        <source>{gpus} × {gpu} trains {tokens:,} tokens in {hours:,.1f} h, {spare:,.1f} h before the deadline; a term of {count} × {unit} covers it for {cost!d} {currency}</source>
        <translation>{gpus} × {gpu} обучает {tokens:,} токенов за {hours:,.1f} ч, на {spare:,.1f} ч раньше срока; срок аренды {count} × {unit} покрывает обучение за {cost} {currency}</translation>
    </message>
    <message id="goal.nothing_fits">
        <source>no layout of any offer holds this training run in memory</source>
        <translation>ни одна раскладка ни одного предложения не вмещает это обучение в память</translation>
    </message>
    <message id="guidance_distilled">
        <source>{pipeline} is guidance-distilled: one denoiser pass per step, the batch is not doubled for classifier-free guidance.</source>
        <translation>{pipeline} дистиллирована по guidance: один проход денойзера на шаг, пакет для classifier-free guidance не удваивается.</translation>
    </message>
    <message id="int4_kernels_missing">
        <source>fast int4 kernels (Marlin) need compute capability 8.0+</source>
        <translation>быстрые ядра int4 (Marlin) требуют compute capability 8.0+</translation>
    </message>
    <message id="int4_kernels_rocm">
        <source>int4 (GPTQ/AWQ) kernels on ROCm depend on the framework build; verify them for {gfx}</source>
        <translation>ядра int4 (GPTQ/AWQ) на ROCm зависят от сборки фреймворка; проверьте их для {gfx}</translation>
    </message>
    <message id="json.lone_surrogate">
        <source>{path} holds a \u escape of half a character (a lone surrogate)</source>
        <translation>в {path} есть escape-последовательность \u половины символа (одиночный суррогат)</translation>
    </message>
    <message id="json.long_number">
        <source>{path} holds a number longer than {limit} characters</source>
        <translation>в {path} есть число длиннее {limit} знаков</translation>
    </message>
    <message id="json.not_a_file">
        <source>{path} is not a regular file (a folder, pipe or device is not read)</source>
        <translation>{path} — не обычный файл (папка, канал или устройство не читаются)</translation>
    </message>
    <message id="json.not_finite">
        <source>{path} holds {value}; only finite numbers are allowed</source>
        <translation>в {path} есть {value}; допустимы только конечные числа</translation>
    </message>
    <message id="json.not_utf8">
        <source>{path} is not UTF-8 text</source>
        <translation>{path} — не текст в UTF-8</translation>
    </message>
    <message id="json.too_deep">
        <source>{path} nests arrays and objects more than {limit} levels deep</source>
        <translation>в {path} массивы и объекты вложены глубже {limit} уровней</translation>
    </message>
    <message id="json.too_large">
        <source>{path} is larger than {limit:,} bytes, too large for this kind of file</source>
        <translation>{path} больше {limit:,} байт — слишком велик для такого файла</translation>
    </message>
    <message id="kv_cache_fp8_quality">
        <source>an fp8 KV cache halves its memory but can lower accuracy; verify output quality</source>
        <translation>KV-кэш в fp8 занимает вдвое меньше памяти, но может снизить точность; проверьте качество вывода</translation>
    </message>
    <message id="kv_heads_replicated">
        <source>tensor-parallel degree {tp} exceeds the {kv_heads} KV heads: each GPU keeps a replicated head, so the KV cache does not shrink further</source>
        <translation>степень тензорного параллелизма {tp} больше числа KV-голов ({kv_heads}): каждый GPU хранит копию головы, поэтому KV-кэш дальше не уменьшается</translation>
    </message>
    <message id="limits.batch">
        <source>largest batch of {at}×{height} images: {value:,} (limited by {binding})</source>
        <translation>наибольший батч изображений {at}×{height}: {value:,} (ограничение: {binding})</translation>
    </message>
    <message id="limits.context">
        <source>longest context per sequence with concurrency {at}: {value:,} tokens (limited by {binding})</source>
        <translation>наибольший контекст последовательности при одновременных последовательностях: {at}: {value:,} {value|noun.token} (ограничение: {binding})</translation>
    </message>
    <message id="limits.kv_pool">
        <source>vLLM&apos;s KV cache pool at start-up: {tokens:,} tokens ({gib:.2f} GiB per GPU), {concurrency:.2f} × requests of {context:,} tokens</source>
        <translation>пул KV-кэша vLLM при запуске: {tokens:,} {tokens|noun.token} ({gib:.2f} ГиБ на GPU), {concurrency:.2f} × запросов по {context:,} {context|noun.token_dative}</translation>
    </message>
    <message id="limits.micro_batch">
        <source>largest micro-batch of {at:,}-token sequences: {value:,} (limited by {binding})</source>
        <translation>наибольший микробатч последовательностей по {at:,} {at|noun.token_dative}: {value:,} (ограничение: {binding})</translation>
    </message>
    <message id="limits.resolution">
        <source>largest square image at batch {at}: {value}×{value} px (limited by {binding})</source>
        <translation>наибольшее квадратное изображение при батче {at}: {value}×{value} пикс. (ограничение: {binding})</translation>
    </message>
    <message id="limits.sequence_length">
        <source>longest training sequence at micro-batch {at}: {value:,} tokens (limited by {binding})</source>
        <translation>наибольшая длина обучающей последовательности при микробатче {at}: {value:,} {value|noun.token} (ограничение: {binding})</translation>
    </message>
    <message id="limits.sequences">
        <source>most concurrent sequences of {at:,} tokens: {value:,} (limited by {binding})</source>
        <translation>наибольшее число одновременных последовательностей по {at:,} {at|noun.token_dative}: {value:,} (ограничение: {binding})</translation>
    </message>
    <message id="litgpt_previous_step.bnb_inputs">
        <source>LitGPT keeps the previous step&apos;s fp32 logits, and through them the inputs bitsandbytes kept for backward, until the next forward has run: the estimate counts {size:.2f} GiB of them, as if the longest batch followed one as long</source>
        <translation>LitGPT хранит логиты предыдущего шага в fp32, а через них и входы, сохранённые bitsandbytes для обратного прохода, пока не пройдёт следующий прямой проход: оценка учитывает {size:.2f} ГиБ на них, как если бы за самым длинным батчем шёл такой же длинный</translation>
    </message>
    <message id="litgpt_previous_step.logits">
        <source>LitGPT keeps the previous step&apos;s fp32 logits until the next forward has run: the estimate counts {size:.2f} GiB of them, as if the longest batch followed one as long</source>
        <translation>LitGPT хранит логиты предыдущего шага в fp32, пока не пройдёт следующий прямой проход: оценка учитывает {size:.2f} ГиБ на них, как если бы за самым длинным батчем шёл такой же длинный</translation>
    </message>
    <message id="litgpt_quantized_multi_gpu">
        <source>LitGPT does not train a quantized model on more than one GPU (its fine-tuning scripts stop with --quantize and more than one device): use one GPU or another trainer</source>
        <translation>LitGPT не обучает квантованную модель на нескольких GPU (его скрипты дообучения останавливаются при --quantize и больше чем одном устройстве): выберите один GPU или другой тренер</translation>
    </message>
    <message id="llamacpp_layer_split">
        <source>llama.cpp splits the layers over the {gpus} GPUs (--split-mode layer), not the tensors: each GPU holds whole layers and their KV cache, one at a time computes</source>
        <translation>llama.cpp делит между {gpus} GPU слои (--split-mode layer), а не тензоры: каждый GPU держит целые слои и их KV-кэш, вычисляет в каждый момент один GPU</translation>
    </message>
    <message id="llamacpp_no_expert_parallel.dense">
        <source>expert parallelism is asked for, but llama.cpp has none, and the model routes no experts: it is counted as llama.cpp serves it</source>
        <translation>задан параллелизм экспертов, но в llama.cpp его нет, а в модели нет маршрутизируемых экспертов: расчёт сделан так, как её обслуживает llama.cpp</translation>
    </message>
    <message id="llamacpp_no_expert_parallel.moe">
        <source>expert parallelism is asked for, but llama.cpp has none: it places whole layers, experts and all, on each GPU (--split-mode layer), and is counted so</source>
        <translation>задан параллелизм экспертов, но в llama.cpp его нет: каждый GPU держит целые слои вместе со всеми их экспертами (--split-mode layer), так и посчитано</translation>
    </message>
    <message id="llamacpp_no_layer_fits">
        <source>not even one layer fits beside llama.cpp&apos;s compute buffer and KV cache on {gpu}</source>
        <translation>на {gpu} рядом с вычислительным буфером и KV-кэшем llama.cpp не помещается ни один слой</translation>
    </message>
    <message id="llamacpp_not_gguf">
        <source>llama.cpp runs GGUF files: the weights are counted as {format}, which is not a GGUF type; choose a GGUF format or a .gguf file for exact figures</source>
        <translation>llama.cpp работает с файлами GGUF: веса посчитаны в формате {format}, который не является типом GGUF; для точных цифр выберите формат GGUF или файл .gguf</translation>
    </message>
    <message id="llamacpp_partial_offload">
        <source>{on_gpu} of {layers} layers fit on the GPUs (-ngl {on_gpu}); the other {on_cpu} run on the CPU from system memory ({cpu_gib:.1f} GiB of weights), which bounds the speed</source>
        <translation>на GPU помещается {on_gpu} из {layers} слоёв (-ngl {on_gpu}); остальные {on_cpu} выполняются на CPU из системной памяти ({cpu_gib:.1f} ГиБ весов), и это ограничивает скорость</translation>
    </message>
    <message id="model_note.alias">
        <source>&apos;{key}&apos; read from the config&apos;s &apos;{name}&apos;.</source>
        <translation>&apos;{key}&apos; прочитано из поля конфига &apos;{name}&apos;.</translation>
    </message>
    <message id="model_note.audio_estimated">
        <source>The audio tower of &apos;{family}&apos; is not one the planner counts exactly: estimated from its audio_config at {params:,} parameters, within the range shown.</source>
        <translation>Аудиоэнкодер «{family}» планировщик точно не считает: по его audio_config он оценён (параметров: {params:,}) в пределах показанного диапазона.</translation>
    </message>
    <message id="model_note.cache_band">
        <source>The cache layout is guessed: the cache may be {low:.2f}× to {high:.2f}× the figure.</source>
        <translation>Раскладка кэша угадана: кэш может составить от {low:.2f}× до {high:.2f}× показанного.</translation>
    </message>
    <message id="model_note.checkpoint_format">
        <source>The checkpoint&apos;s weights are stored as {format} (from quantization_config and the header&apos;s dtypes); its exact stored size is used.</source>
        <translation>Веса чекпойнта хранятся в формате {format} (по quantization_config и типам данных заголовка); используется их точный размер.</translation>
    </message>
    <message id="model_note.counted_from_index">
        <source>The parameters ({params:,}) are counted from the index&apos;s total_size, so the weights are exact; the cache layout is read from the generic config fields.</source>
        <translation>Параметры ({params:,}) посчитаны по total_size из индекса, поэтому веса точные; устройство кэша прочитано из общих полей конфига.</translation>
    </message>
    <message id="model_note.counted_from_tensors">
        <source>The parameters ({params:,}) are counted from the checkpoint&apos;s tensors, so the weights are exact; the cache layout is read from the generic config fields.</source>
        <translation>Параметры ({params:,}) посчитаны по тензорам контрольной точки, поэтому веса точные; устройство кэша прочитано из общих полей конфигурации.</translation>
    </message>
    <message id="model_note.custom_active">
        <source>Compute uses the {active:,} active parameters given.</source>
        <translation>Вычисления учитывают заданное число активных параметров: {active:,}.</translation>
    </message>
    <message id="model_note.custom_assumed">
        <source>Custom model: the KV cache and activations rest on assumed {assumed}; give these fields for a better estimate.</source>
        <translation>Пользовательская модель: KV-кэш и активации рассчитаны по допущениям ({assumed}); укажите эти поля для более точной оценки.</translation>
    </message>
    <message id="model_note.custom_no_layers">
        <source>Without the layer count, FSDP&apos;s gathered working set (one layer at a time) is not estimated.</source>
        <translation>Без числа слоёв рабочий набор, который собирает FSDP (по одному слою за раз), не оценивается.</translation>
    </message>
    <message id="model_note.declared_quantization">
        <source>config.json declares {method} quantization in a layout the planner does not read: the weights are counted at the requested precision, not as the checkpoint stores them.</source>
        <translation>config.json объявляет квантование {method} в раскладке, которую планировщик не читает: веса посчитаны в запрошенной точности, а не так, как их хранит контрольная точка.</translation>
    </message>
    <message id="model_note.experts_unknown">
        <source>{experts} experts found but the experts used per token are unknown without config.json; active parameters are counted as all parameters.</source>
        <translation>Найдено экспертов: {experts}, но без config.json неизвестно, сколько из них используется на токен; активными считаются все параметры.</translation>
    </message>
    <message id="model_note.family_default">
        <source>&apos;{key}&apos; is not in config.json; used the {family} default {default}.</source>
        <translation>&apos;{key}&apos; нет в config.json; взято значение по умолчанию для {family}: {default}.</translation>
    </message>
    <message id="model_note.ff_assumed">
        <source>&apos;intermediate_size&apos; is not in config.json; assumed 4 × hidden = {ff}.</source>
        <translation>&apos;intermediate_size&apos; нет в config.json; принято 4 × hidden = {ff}.</translation>
    </message>
    <message id="model_note.ff_inferred">
        <source>No MLP weights recognised; intermediate size assumed 4 × hidden = {ff}.</source>
        <translation>Веса MLP не распознаны; промежуточный размер принят равным 4 × hidden = {ff}.</translation>
    </message>
    <message id="model_note.gguf_split">
        <source>A split model: all {count} files were read ({tensors:,} tensors in all).</source>
        <translation>Модель разбита на части, и прочитаны все (частей: {count}, тензоров всего: {tensors:,}).</translation>
    </message>
    <message id="model_note.gguf_types">
        <source>GGUF tensor types by share of bytes: {types}; the exact stored size ({stored:,} bytes) is used for the weights.</source>
        <translation>Типы тензоров GGUF по доле байтов: {types}; для весов используется точный размер в файле ({stored:,} {stored|noun.byte}).</translation>
    </message>
    <message id="model_note.gguf_window_layers">
        <source>The file declares a {window}-token sliding window but not which layers use it; every layer&apos;s KV cache is counted in full (an upper bound).</source>
        <translation>Файл объявляет скользящее окно в {window} {window|noun.token}, но не указывает, какие слои его используют; KV-кэш каждого слоя учтён полностью (оценка сверху).</translation>
    </message>
    <message id="model_note.head_dim_assumed">
        <source>head_dim is not stored in the tensors; assumed {head_dim}.</source>
        <translation>head_dim не хранится в тензорах; принято {head_dim}.</translation>
    </message>
    <message id="model_note.heads_raised">
        <source>attention_heads raised to kv_heads ({kv_heads}).</source>
        <translation>attention_heads увеличено до kv_heads ({kv_heads}).</translation>
    </message>
    <message id="model_note.index_experts">
        <source>The index names {experts} experts per layer, which the config reading did not count as such: the weights are exact, but the active parameters and the expert split may not be.</source>
        <translation>Индекс называет экспертов в каждом слое (всего: {experts}), а при чтении конфига они как эксперты не учтены: веса точные, но активные параметры и разбиение экспертов могут быть неточными.</translation>
    </message>
    <message id="model_note.index_layout">
        <source>model.safetensors.index.json beside this config.json gives {total:,} bytes as stored; the weights are counted as vLLM loads the config&apos;s quantization, {loaded:,} bytes.</source>
        <translation>model.safetensors.index.json рядом с этим config.json даёт {total:,} {total|noun.byte} в хранимом виде; веса посчитаны так, как vLLM загружает квантование из конфига: {loaded:,} {loaded|noun.byte}.</translation>
    </message>
    <message id="model_note.index_mtp">
        <source>model.safetensors.index.json beside this config.json gives {total:,} bytes, its multi-token-prediction layers included, which vLLM does not load for plain serving; the weights are counted from the config.</source>
        <translation>model.safetensors.index.json рядом с этим config.json даёт {total:,} {total|noun.byte} вместе со слоями предсказания нескольких токенов (MTP), которые vLLM при обычной раздаче не загружает; веса посчитаны по конфигу.</translation>
    </message>
    <message id="model_note.index_not_used">
        <source>model.safetensors.index.json beside this config.json gives the checkpoint&apos;s size, {total:,} bytes, but not which tensors every tensor-parallel GPU holds whole; the weights are counted from the config.</source>
        <translation>model.safetensors.index.json рядом с этим config.json даёт размер чекпойнта, {total:,} {total|noun.byte}, но не говорит, какие тензоры каждый GPU при тензорном параллелизме держит целиком; веса посчитаны по конфигу.</translation>
    </message>
    <message id="model_note.index_part_mamba">
        <source>The index names Mamba or linear-attention tensors (A_log, conv1d), which the config reading did not count as such: the weights are exact, the cache may not be.</source>
        <translation>Индекс называет тензоры Mamba или линейного внимания (A_log, conv1d), а при чтении конфига они не учтены: веса точные, кэш может быть неточным.</translation>
    </message>
    <message id="model_note.index_part_mla">
        <source>The index names MLA tensors (kv_a_proj_with_mqa, kv_b_proj), which the config reading did not count as such: the weights are exact, the KV cache may not be.</source>
        <translation>Индекс называет тензоры MLA (kv_a_proj_with_mqa, kv_b_proj), а при чтении конфига MLA не учтена: веса точные, KV-кэш может быть неточным.</translation>
    </message>
    <message id="model_note.index_part_vision">
        <source>The index names a vision encoder&apos;s tensors, which the config reading did not count as such: the weights are exact, the activations of images may not be.</source>
        <translation>Индекс называет тензоры визуального энкодера, а при чтении конфига он не учтён: веса точные, активации для изображений могут быть неточными.</translation>
    </message>
    <message id="model_note.index_size_mismatch">
        <source>The index says total_size {total:,} bytes but the shards&apos; headers describe {stored:,} bytes; the headers are used.</source>
        <translation>Индекс указывает total_size {total:,} {total|noun.byte}, а заголовки сегментов описывают {stored:,} {stored|noun.byte}; используются заголовки.</translation>
    </message>
    <message id="model_note.index_total_size">
        <source>The weights take {total:,} bytes exactly: the total_size of model.safetensors.index.json beside this config.json, which lists {tensors:,} tensors (the shard files themselves were not read).</source>
        <translation>Веса занимают ровно {total:,} {total|noun.byte}: это total_size из model.safetensors.index.json рядом с этим config.json (тензоров в индексе: {tensors:,}; сами файлы шардов не читались).</translation>
    </message>
    <message id="model_note.inferred">
        <source>No config.json beside the checkpoint: the architecture was inferred from tensor names and shapes, and sliding-window attention cannot be detected (full KV cache assumed).</source>
        <translation>Рядом с контрольной точкой нет config.json: архитектура выведена из имён и форм тензоров, а внимание со скользящим окном распознать нельзя (принят полный KV-кэш).</translation>
    </message>
    <message id="model_note.modelopt_not_read">
        <source>{file} beside this config.json describes a ModelOpt quantization (FP8 or NVFP4) that the planner does not read: the weights are counted at the requested precision; set the precision the checkpoint is stored in, or give its safetensors files for exact weights.</source>
        <translation>{file} рядом с этим config.json описывает квантование ModelOpt (FP8 или NVFP4), которое планировщик не читает: веса посчитаны в запрошенной точности; укажите точность, в которой хранится чекпойнт, или дайте его файлы safetensors для точного счёта весов.</translation>
    </message>
    <message id="model_note.modelopt_read">
        <source>{file} beside this config.json gives the checkpoint&apos;s ModelOpt quantization ({algo}): the weights are counted as it stores them, the modules it excludes in 16 bits.</source>
        <translation>{file} рядом с этим config.json задаёт квантование чекпойнта ModelOpt ({algo}): веса посчитаны так, как они в нём хранятся, а исключённые модули — в 16 битах.</translation>
    </message>
    <message id="model_note.mtp_counted">
        <source>Speculative decoding with MTP (vLLM --speculative-config method mtp): the {layers} multi-token-prediction layer(s) are counted as vLLM loads them ({params:,} parameters; they share the model&apos;s embedding and LM head), and each caches like a decoder layer.</source>
        <translation>Спекулятивное декодирование с MTP (vLLM --speculative-config, method mtp): слои предсказания нескольких токенов ({layers}) учтены так, как их загружает vLLM (параметров: {params:,}; эмбеддинги и выходную голову (LM head) они берут у модели), и каждый из них хранит KV-кэш как слой декодера.</translation>
    </message>
    <message id="model_note.mtp_declared">
        <source>config.json declares {layers} multi-token-prediction layer(s) ({key}); they serve speculative decoding, which this estimate does not include, and their parameters are not counted.</source>
        <translation>config.json объявляет слои предсказания нескольких токенов (MTP): {layers} ({key}); они служат спекулятивному декодированию, которого эта оценка не включает, и их параметры не учитываются.</translation>
    </message>
    <message id="model_note.mtp_layers">
        <source>The published checkpoint also stores {layers} multi-token-prediction layer(s) ({params:,} parameters). vLLM skips them when it loads the model and loads them only for speculative decoding with MTP (--speculative-config method mtp); they are not counted here.</source>
        <translation>Опубликованная контрольная точка хранит ещё слои предсказания нескольких токенов (MTP): {layers} (параметров: {params:,}). vLLM пропускает их при загрузке модели и загружает только для спекулятивного декодирования с MTP (--speculative-config, method mtp); здесь они не учитываются.</translation>
    </message>
    <message id="model_note.mtp_layers_first">
        <source>The published checkpoint also stores {layers} multi-token-prediction layers ({params:,} parameters). vLLM skips them when it loads the model, and for speculative decoding with MTP (--speculative-config method mtp) loads only the first ({loaded:,} parameters); they are not counted here.</source>
        <translation>Опубликованная контрольная точка хранит ещё слои предсказания нескольких токенов (MTP): {layers} (параметров: {params:,}). vLLM пропускает их при загрузке модели, а для спекулятивного декодирования с MTP (--speculative-config, method mtp) загружает только первый из них (параметров: {loaded:,}); здесь они не учитываются.</translation>
    </message>
    <message id="model_note.mtp_states">
        <source>While drafting, vLLM keeps {states} recurrent states per sequence in each linear-attention or Mamba layer, one more per draft token; they are counted.</source>
        <translation>Пока идёт черновая генерация, vLLM хранит в каждом слое линейного внимания или Mamba по нескольку рекуррентных состояний на последовательность (всего: {states}) — на одно больше на каждый черновой токен; они учтены.</translation>
    </message>
    <message id="model_note.mtp_storage_unread">
        <source>config.json&apos;s quantization_config names the multi-token-prediction layers in a way the planner does not read exactly (an entry names some of one of their matrices, or the family&apos;s MTP module names are not known): they are not counted, even for speculative decoding.</source>
        <translation>quantization_config в config.json называет слои предсказания нескольких токенов (MTP) так, что планировщик не может прочитать это точно (запись называет лишь часть одной из их матриц или имена модулей MTP этого семейства неизвестны): они не учитываются, даже для спекулятивного декодирования.</translation>
    </message>
    <message id="model_note.open_compressed_cache">
        <source>The config declares a compressed attention cache the planner does not read: the cache is a guess (the parameters are counted from the shared fields).</source>
        <translation>Конфигурация объявляет сжатый кэш внимания, который планировщик не читает: кэш — это допущение (параметры учтены по общим полям).</translation>
    </message>
    <message id="model_note.open_heads">
        <source>The config does not give the attention head count (its class default applies): counted as {heads} heads of {head_dim} with a K/V head each, so both the parameters and the cache may be smaller.</source>
        <translation>Конфигурация не задаёт число голов внимания (действует значение по умолчанию её класса): учтено голов — {heads}, размерность каждой — {head_dim}, у каждой своя KV-голова, поэтому и параметров, и кэша может быть меньше.</translation>
    </message>
    <message id="model_note.open_kv_sharing">
        <source>The config lets its last layers reuse earlier layers&apos; keys and values (num_kv_shared_layers): every layer is cached, so the cache may be smaller (the parameters are not affected).</source>
        <translation>Конфигурация разрешает последним слоям повторно использовать ключи и значения предыдущих слоёв (num_kv_shared_layers): кэш учтён для каждого слоя, поэтому он может быть меньше (на параметры это не влияет).</translation>
    </message>
    <message id="model_note.open_layer_plan">
        <source>The config has recurrent-mixer fields but no per-layer plan: every layer is counted with attention, the mixer and an MLP, so both the parameters and the cache may be smaller.</source>
        <translation>В конфигурации есть поля рекуррентного смесителя, но нет послойного плана: каждый слой учтён с вниманием, смесителем и MLP, поэтому и параметров, и кэша может быть меньше.</translation>
    </message>
    <message id="model_note.open_layer_shapes">
        <source>The sliding-window layers have their own head shape but the config does not say which layers slide: the cache may be larger than the figure (the parameters are counted with the main shape).</source>
        <translation>У слоёв со скользящим окном своя форма голов, но конфигурация не говорит, какие это слои: кэш может оказаться больше показанного (параметры учтены по основной форме).</translation>
    </message>
    <message id="model_note.open_layer_widths">
        <source>The config lists an MLP width per layer: every layer is counted at the widest, so the parameters may be fewer (the cache is not affected).</source>
        <translation>Конфигурация задаёт ширину MLP для каждого слоя: все слои учтены по самой широкой, поэтому параметров может быть меньше (на кэш это не влияет).</translation>
    </message>
    <message id="model_note.open_learned_positions">
        <source>The config names no rotary or ALiBi positions: the model may learn a position table, so the parameters may be more (the cache is not affected).</source>
        <translation>В конфигурации не указаны ни поворотные (RoPE), ни ALiBi-позиции: у модели может быть обучаемая таблица позиций, поэтому параметров может быть больше (на кэш это не влияет).</translation>
    </message>
    <message id="model_note.open_linear_state">
        <source>The linear-attention layers&apos; state is not described by any field the planner reads: it is taken as heads × head_dim² per layer, so the cache is a guess (the parameters are counted as attention-shaped layers).</source>
        <translation>Состояние слоёв линейного внимания не описано ни одним полем, которое читает планировщик: оно принято равным heads × head_dim² на слой, так что кэш — это допущение (параметры учтены как у слоёв внимания).</translation>
    </message>
    <message id="model_note.open_mlp_gate">
        <source>The activation does not say whether the MLP has a gate matrix: counted with one, so the parameters may be fewer (the cache is not affected).</source>
        <translation>По функции активации не видно, есть ли у MLP гейт-матрица: она учтена, поэтому параметров может быть меньше (на кэш это не влияет).</translation>
    </message>
    <message id="model_note.open_per_layer_inputs">
        <source>The config declares per-layer input embeddings and extra per-layer blocks the planner does not count: the parameters may be more (the cache is not affected).</source>
        <translation>Конфигурация объявляет послойные входные эмбеддинги и дополнительные послойные блоки, которые планировщик не считает: параметров может быть больше (на кэш это не влияет).</translation>
    </message>
    <message id="model_note.open_shared_blocks">
        <source>The config declares shared attention blocks (num_mem_blocks): every hybrid layer is counted with its own, so the parameters may be far fewer (the cache is not affected).</source>
        <translation>Конфигурация объявляет общие блоки внимания (num_mem_blocks): каждый гибридный слой учтён со своим блоком, поэтому параметров может быть намного меньше (на кэш это не влияет).</translation>
    </message>
    <message id="model_note.open_shared_expert">
        <source>The config names no shared expert: none is counted, but some families run one without declaring it, so the parameters may be more (the cache is not affected).</source>
        <translation>В конфигурации не назван общий эксперт: он не учтён, но некоторые семейства используют его, не объявляя, поэтому параметров может быть больше (на кэш это не влияет).</translation>
    </message>
    <message id="model_note.open_sliding_window">
        <source>The config sets a sliding window but not which layers use it: every layer is cached in full, so the cache may be smaller (the parameters are not affected).</source>
        <translation>Конфигурация задаёт скользящее окно, но не указывает, какие слои его используют: кэш каждого слоя учтён полностью, поэтому кэш может быть меньше (на параметры это не влияет).</translation>
    </message>
    <message id="model_note.open_tied_head">
        <source>&apos;tie_word_embeddings&apos; is not in config.json: the output head is counted apart from the embedding, so the parameters may be {vocab:,} × {h:,} fewer.</source>
        <translation>В config.json нет «tie_word_embeddings»: выходная голова учтена отдельно от эмбеддингов, поэтому параметров может быть на {vocab:,} × {h:,} меньше.</translation>
    </message>
    <message id="model_note.param_mismatch">
        <source>The checkpoint stores {stored:,} parameters; config.json describes {described:,} (extra or missing tensors, e.g. tied or auxiliary weights).</source>
        <translation>В контрольной точке хранится параметров: {stored:,}; config.json описывает {described:,} (лишние или недостающие тензоры, например связанные или вспомогательные веса).</translation>
    </message>
    <message id="model_note.quantized_checkpoint">
        <source>The checkpoint is quantized: its parameter count is of stored (packed) elements, and its exact stored size ({stored:,} bytes) is used for the weights.</source>
        <translation>Контрольная точка квантована: число параметров — это число хранимых (упакованных) элементов, а для весов берётся её точный хранимый размер ({stored:,} {stored|noun.byte}).</translation>
    </message>
    <message id="model_note.scales_loaded_fp32">
        <source>The checkpoint saves its 8-bit scales in 16 bits; vLLM loads them into float32, so the weights take {loaded:,} bytes on the GPUs for {stored:,} in the files.</source>
        <translation>Чекпойнт хранит 8-битные масштабы в 16 битах, а vLLM загружает их во float32: на GPU веса занимают {loaded:,} {loaded|noun.byte} при {stored:,} {stored|noun.byte} в файлах.</translation>
    </message>
    <message id="model_note.untied_head">
        <source>&apos;tie_word_embeddings&apos; is not in config.json; assumed an untied LM head.</source>
        <translation>&apos;tie_word_embeddings&apos; нет в config.json; принята выходная голова (LM head), не связанная с эмбеддингами.</translation>
    </message>
    <message id="model_note.vision_estimated">
        <source>The vision tower of &apos;{family}&apos; is not one the planner counts exactly: estimated from its vision_config at {params:,} parameters, within the range shown.</source>
        <translation>Визуальный энкодер «{family}» планировщик точно не считает: по его vision_config он оценён (параметров: {params:,}) в пределах показанного диапазона.</translation>
    </message>
    <message id="model_type_unknown.named">
        <source>model_type &apos;{family}&apos; is not one the planner counts exactly; its layers, experts, attention and cache are estimated from the fields families share, within the range shown.</source>
        <translation>model_type «{family}» планировщик точно не считает: слои, эксперты, внимание и кэш оценены по полям, общим для разных семейств, в пределах показанного диапазона.</translation>
    </message>
    <message id="model_type_unknown.unnamed">
        <source>a config without model_type is not one the planner counts exactly; its layers, experts, attention and cache are estimated from the fields families share, within the range shown.</source>
        <translation>конфигурацию без model_type планировщик точно не считает: слои, эксперты, внимание и кэш оценены по полям, общим для разных семейств, в пределах показанного диапазона.</translation>
    </message>
    <message id="models.cannot_read">
        <source>preset file {path} cannot be read: {reason}</source>
        <translation>не удаётся прочитать файл пресета {path}: {reason}</translation>
    </message>
    <message id="models.needs_id">
        <source>preset file {path} needs &quot;id&quot;: &quot;{stem}&quot; and a &quot;name&quot;</source>
        <translation>файлу пресета {path} нужны &quot;id&quot;: &quot;{stem}&quot; и &quot;name&quot;</translation>
    </message>
    <message id="models.no_config">
        <source>preset file {path} has no &quot;config&quot; object</source>
        <translation>в файле пресета {path} нет объекта &quot;config&quot;</translation>
    </message>
    <message id="models.not_an_object">
        <source>preset file {path} must hold a JSON object</source>
        <translation>файл пресета {path} должен содержать объект JSON</translation>
    </message>
    <message id="models.unknown_preset">
        <source>unknown model preset &apos;{preset_id}&apos;; valid presets: {valid}</source>
        <translation>неизвестный пресет модели «{preset_id}»; допустимые пресеты: {valid}</translation>
    </message>
    <message id="moe_total_params">
        <source>mixture of experts: memory holds all {total:.1f}B parameters, while each token computes with {active:.1f}B</source>
        <translation>смесь экспертов (MoE): память хранит все {total:.1f} млрд параметров, а каждый токен вычисляется с {active:.1f} млрд</translation>
    </message>
    <message id="mtp_not_counted">
        <source>speculative decoding with MTP is asked for, but the planner counts no multi-token-prediction layers for this model (it declares none, or their layout is not read): their weights and cache are not included</source>
        <translation>запрошено спекулятивное декодирование с MTP, но планировщик не находит у этой модели слоёв предсказания нескольких токенов, которые он умеет считать (модель их не объявляет или их раскладка не прочитана): их веса и кэш не учтены</translation>
    </message>
    <message id="mtp_not_counted.no_draft">
        <source>speculative decoding with MTP is asked for, but vLLM has no MTP draft model for {model_type}, and its published checkpoints store no multi-token-prediction weights: nothing is counted for them; plan without MTP or with another draft method</source>
        <translation>запрошено спекулятивное декодирование с MTP, но у vLLM нет черновой модели MTP для {model_type}, а опубликованные контрольные точки этой модели не хранят весов предсказания нескольких токенов: для них ничего не учтено; планируйте без MTP или с другим способом получения черновых токенов</translation>
    </message>
    <message id="noun.byte" numerus="yes">
        <source>byte(s)</source>
        <translation>
            <numerusform>байт</numerusform>
            <numerusform>байта</numerusform>
            <numerusform>байт</numerusform>
        </translation>
    </message>
    <message id="noun.character_genitive" numerus="yes">
        <source>character(s), after &apos;of&apos;</source>
        <translation>
            <numerusform>символа</numerusform>
            <numerusform>символов</numerusform>
            <numerusform>символов</numerusform>
        </translation>
    </message>
    <message id="noun.covers" numerus="yes">
        <source>cover(s), the verb</source>
        <translation>
            <numerusform>покрывает</numerusform>
            <numerusform>покрывают</numerusform>
            <numerusform>покрывают</numerusform>
        </translation>
    </message>
    <message id="noun.day" numerus="yes">
        <source>day(s)</source>
        <translation>
            <numerusform>день</numerusform>
            <numerusform>дня</numerusform>
            <numerusform>дней</numerusform>
        </translation>
    </message>
    <message id="noun.gpu_hour" numerus="yes">
        <source>GPU-hour(s)</source>
        <translation>
            <numerusform>GPU-час</numerusform>
            <numerusform>GPU-часа</numerusform>
            <numerusform>GPU-часов</numerusform>
        </translation>
    </message>
    <message id="noun.hour_covers" numerus="yes">
        <source>hour(s) cover(s)</source>
        <translation>
            <numerusform>час покрывает</numerusform>
            <numerusform>часа покрывают</numerusform>
            <numerusform>часов покрывают</numerusform>
        </translation>
    </message>
    <message id="noun.month" numerus="yes">
        <source>month(s)</source>
        <translation>
            <numerusform>месяц</numerusform>
            <numerusform>месяца</numerusform>
            <numerusform>месяцев</numerusform>
        </translation>
    </message>
    <message id="noun.order" numerus="yes">
        <source>order(s)</source>
        <translation>
            <numerusform>заказ</numerusform>
            <numerusform>заказа</numerusform>
            <numerusform>заказов</numerusform>
        </translation>
    </message>
    <message id="noun.sequence" numerus="yes">
        <source>sequence(s)</source>
        <translation>
            <numerusform>последовательность</numerusform>
            <numerusform>последовательности</numerusform>
            <numerusform>последовательностей</numerusform>
        </translation>
    </message>
    <message id="noun.sequence_genitive" numerus="yes">
        <source>sequence(s), after &apos;of&apos;</source>
        <translation>
            <numerusform>последовательности</numerusform>
            <numerusform>последовательностей</numerusform>
            <numerusform>последовательностей</numerusform>
        </translation>
    </message>
    <message id="noun.tensor" numerus="yes">
        <source>tensor(s)</source>
        <translation>
            <numerusform>тензор</numerusform>
            <numerusform>тензора</numerusform>
            <numerusform>тензоров</numerusform>
        </translation>
    </message>
    <message id="noun.token" numerus="yes">
        <source>token(s)</source>
        <translation>
            <numerusform>токен</numerusform>
            <numerusform>токена</numerusform>
            <numerusform>токенов</numerusform>
        </translation>
    </message>
    <message id="noun.token_dative" numerus="yes">
        <source>token(s), after &apos;by&apos; (by 8 tokens)</source>
        <translation>
            <numerusform>токену</numerusform>
            <numerusform>токена</numerusform>
            <numerusform>токенов</numerusform>
        </translation>
    </message>
    <message id="noun.token_genitive" numerus="yes">
        <source>token(s), after &apos;of&apos;</source>
        <translation>
            <numerusform>токена</numerusform>
            <numerusform>токенов</numerusform>
            <numerusform>токенов</numerusform>
        </translation>
    </message>
    <message id="noun.value_genitive" numerus="yes">
        <source>value(s), after &apos;of&apos;</source>
        <translation>
            <numerusform>значения</numerusform>
            <numerusform>значений</numerusform>
            <numerusform>значений</numerusform>
        </translation>
    </message>
    <message id="noun.week" numerus="yes">
        <source>week(s)</source>
        <translation>
            <numerusform>неделя</numerusform>
            <numerusform>недели</numerusform>
            <numerusform>недель</numerusform>
        </translation>
    </message>
    <message id="outcome.images">
        <source>{cost!d} {currency} per 1,000 images, GPUs busy {utilization:.0%} of the term</source>
        <translation>{cost} {currency} за 1000 изображений, GPU заняты {utilization:.0%} срока</translation>
    </message>
    <message id="outcome.images_band">
        <source>from {cost_low!d} to {cost_high!d} {currency} per 1,000 images over the speed&apos;s ±{band:.0%} band</source>
        <translation>от {cost_low} до {cost_high} {currency} за 1000 изображений в пределах ±{band:.0%} по скорости</translation>
    </message>
    <message id="outcome.run">
        <source>training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost!d} {currency} ({factor}·N FLOPs per token at {mfu:.0%} MFU)</source>
        <translation>всё обучение: {gpu_hours:,.1f} {gpu_hours|noun.gpu_hour}, {hours:,.1f} ч на {gpus} GPU, {cost} {currency} ({factor}·N FLOP на токен при MFU {mfu:.0%})</translation>
    </message>
    <message id="outcome.run_band">
        <source>training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPU, {cost!d} {currency} (from {cost_low!d} to {cost_high!d} {currency} over the speed&apos;s ±{band:.0%} band)</source>
        <translation>всё обучение: {gpu_hours:,.1f} {gpu_hours|noun.gpu_hour}, {hours:,.1f} ч на {gpus} GPU, {cost} {currency} (от {cost_low} до {cost_high} {currency} в пределах ±{band:.0%} по скорости)</translation>
    </message>
    <message id="outcome.run_band_gpus">
        <source>training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPUs, {cost!d} {currency} (from {cost_low!d} to {cost_high!d} {currency} over the speed&apos;s ±{band:.0%} band)</source>
        <translation>всё обучение: {gpu_hours:,.1f} {gpu_hours|noun.gpu_hour}, {hours:,.1f} ч на {gpus} GPU, {cost} {currency} (от {cost_low} до {cost_high} {currency} в пределах ±{band:.0%} по скорости)</translation>
    </message>
    <message id="outcome.run_gpus">
        <source>training run: {gpu_hours:,.1f} GPU-hours, {hours:,.1f} h on {gpus} GPUs, {cost!d} {currency} ({factor}·N FLOPs per token at {mfu:.0%} MFU)</source>
        <translation>всё обучение: {gpu_hours:,.1f} {gpu_hours|noun.gpu_hour}, {hours:,.1f} ч на {gpus} GPU, {cost} {currency} ({factor}·N FLOP на токен при MFU {mfu:.0%})</translation>
    </message>
    <message id="outcome.term_covers">
        <source>a term of {count} × {unit} ({hours:,} h) covers the run</source>
        <translation>срок {count} × {unit} ({hours:,} ч) покрывает всё обучение</translation>
    </message>
    <message id="outcome.term_covers.day">
        <source>{count:,} days ({hours:,} h) cover the run</source>
        <translation>{count:,} {count|noun.day} ({hours:,} ч) {count|noun.covers} всё обучение</translation>
    </message>
    <message id="outcome.term_covers.day.one">
        <source>1 day ({hours:,} h) covers the run</source>
        <translation>1 день ({hours:,} ч) покрывает всё обучение</translation>
    </message>
    <message id="outcome.term_covers.hour">
        <source>{count:,} hours cover the run</source>
        <translation>{count:,} {count|noun.hour_covers} всё обучение</translation>
    </message>
    <message id="outcome.term_covers.hour.one">
        <source>1 hour covers the run</source>
        <translation>1 час покрывает всё обучение</translation>
    </message>
    <message id="outcome.term_covers.month">
        <source>{count:,} months ({hours:,} h) cover the run</source>
        <translation>{count:,} {count|noun.month} ({hours:,} ч) {count|noun.covers} всё обучение</translation>
    </message>
    <message id="outcome.term_covers.month.one">
        <source>1 month ({hours:,} h) covers the run</source>
        <translation>1 месяц ({hours:,} ч) покрывает всё обучение</translation>
    </message>
    <message id="outcome.term_covers.week">
        <source>{count:,} weeks ({hours:,} h) cover the run</source>
        <translation>{count:,} {count|noun.week} ({hours:,} ч) {count|noun.covers} всё обучение</translation>
    </message>
    <message id="outcome.term_covers.week.one">
        <source>1 week ({hours:,} h) covers the run</source>
        <translation>1 неделя ({hours:,} ч) покрывает всё обучение</translation>
    </message>
    <message id="outcome.term_share">
        <source>the chosen term ({hours:,} h) buys {share:.0%} of the run</source>
        <translation>выбранный срок ({hours:,} ч) оплачивает {share:.0%} обучения</translation>
    </message>
    <message id="outcome.tokens">
        <source>≈ {input!d} {currency} per 1M input tokens (prefill), ≈ {output!d} {currency} per 1M output tokens (decode), GPUs busy {utilization:.0%} of the term</source>
        <translation>≈ {input} {currency} за 1 млн входных токенов (prefill), ≈ {output} {currency} за 1 млн выходных токенов (decode), GPU заняты {utilization:.0%} срока</translation>
    </message>
    <message id="outcome.tokens_band">
        <source>band ±{band:.0%} of the speed: {input_low!d}–{input_high!d} {currency} per 1M input tokens, {output_low!d}–{output_high!d} {currency} per 1M output tokens</source>
        <translation>полоса скорости ±{band:.0%}: {input_low}–{input_high} {currency} за 1 млн входных токенов, {output_low}–{output_high} {currency} за 1 млн выходных токенов</translation>
    </message>
    <message id="outcome.too_large">
        <source>the cost of the outcome is above {limit}: the speeds or prices it comes from are out of range</source>
        <translation>стоимость результата больше {limit}: скорости или цены, из которых она считается, вне допустимых пределов</translation>
    </message>
    <message id="outcome.utilization_range">
        <source>utilization must be from 0.001 to 1, got {utilization}</source>
        <translation>доля занятости GPU должна быть от 0.001 до 1, указано {utilization}</translation>
    </message>
    <message id="output.cannot_write">
        <source>cannot write {path}: {reason}</source>
        <translation>не удаётся записать {path}: {reason}</translation>
    </message>
    <message id="output.link">
        <source>{path} is a symbolic link; it was not followed and nothing was written</source>
        <translation>{path} — символическая ссылка; переход по ней не выполнялся, ничего не записано</translation>
    </message>
    <message id="output.not_file">
        <source>{path} is a folder, pipe, device or socket, not a regular file; nothing was written</source>
        <translation>{path} — папка, канал, устройство или сокет, а не обычный файл; ничего не записано</translation>
    </message>
    <message id="planner.ddp_no_pool">
        <source>DDP does not pool memory</source>
        <translation>DDP не объединяет память</translation>
    </message>
    <message id="planner.does_not_fit">
        <source>does not fit</source>
        <translation>не помещается</translation>
    </message>
    <message id="planner.nearest">
        <source>nearest: {gpus} × {gpu} ({strategy}) is {short:.1f} GiB per GPU short</source>
        <translation>ближайший вариант: {gpus} × {gpu} ({strategy}), не хватает {short:.1f} ГиБ на GPU</translation>
    </message>
    <message id="planner.nothing">
        <source>no offer in the catalog can hold this job; a smaller model or input is needed</source>
        <translation>ни одно предложение каталога не вмещает эту задачу; нужна модель или входные данные поменьше</translation>
    </message>
    <message id="planner.over_budget">
        <source>costs {total!d} {currency}, over the budget of {budget!d} {currency}</source>
        <translation>стоит {total} {currency}, больше бюджета {budget} {currency}</translation>
    </message>
    <message id="planner.short">
        <source>needs {need:.1f} GiB per GPU, has {has:.1f} GiB</source>
        <translation>нужно {need:.1f} ГиБ на GPU, есть {has:.1f} ГиБ</translation>
    </message>
    <message id="planner.short_usable">
        <source>needs {need:.1f} GiB per GPU, has {has:.1f} GiB usable</source>
        <translation>нужно {need:.1f} ГиБ на GPU, доступно {has:.1f} ГиБ</translation>
    </message>
    <message id="planner.with_change">
        <source>with {change}: {gpus} × {gpu} ({strategy}) fits for {total!d} {currency}</source>
        <translation>с {change}: {gpus} × {gpu} ({strategy}) подходит за {total} {currency}</translation>
    </message>
    <message id="planner.with_context">
        <source>with {tokens} context tokens: {gpus} × {gpu} ({strategy}) fits for {total!d} {currency}</source>
        <translation>с контекстом (токенов: {tokens}): {gpus} × {gpu} ({strategy}) подходит за {total} {currency}</translation>
    </message>
    <message id="platform_mismatch">
        <source>the workload needs {needs}, but {gpu} is an {vendor} GPU that runs {has}; {needs} workloads never run on it</source>
        <translation>рабочей нагрузке нужна платформа {needs}, но {gpu} — GPU {vendor} на платформе {has}; нагрузки {needs} на нём никогда не запускаются</translation>
    </message>
    <message id="price.compute">
        <source>GPU compute: {gpus} × {gpu} × {hours} h × {unit_price!d} {currency}/GPU-hour</source>
        <translation>Вычисления GPU: {gpus} × {gpu} × {hours} ч × {unit_price} {currency}/GPU-час</translation>
    </message>
    <message id="price.storage">
        <source>Persistent storage: {storage_gb} GB × {hours} h at {per_gb_month!d} {currency}/GB-month</source>
        <translation>Постоянное хранилище: {storage_gb} ГБ × {hours} ч по {per_gb_month} {currency}/ГБ-месяц</translation>
    </message>
    <message id="price.tax">
        <source>Tax {percent!d} % of {subtotal!d} {currency}</source>
        <translation>Налог {percent} % от {subtotal} {currency}</translation>
    </message>
    <message id="priced_as_orders">
        <source>{gpus} GPUs are more than one order of {gpu} can hold ({max_gpus}): the run is priced as {orders} orders, whose GPUs must reach each other over a network the offer does not promise</source>
        <translation>{gpus} GPU — больше, чем вмещает один заказ {gpu} ({max_gpus}): обучение посчитано как {orders} {orders|noun.order}, и их GPU должны связываться по сети, которую предложение не гарантирует</translation>
    </message>
    <message id="priced_as_orders.serving">
        <source>{gpus} GPUs are more than one order of {gpu} holds ({max_gpus}): priced as {orders} orders of up to {per_order} GPUs, each serving replica within one order</source>
        <translation>запрошено {gpus} GPU — больше, чем вмещает один заказ {gpu} ({max_gpus}): цена посчитана по нескольким заказам (их {orders}, до {per_order} GPU в каждом), каждая реплика обслуживания целиком в одном заказе</translation>
    </message>
    <message id="pricing.float_amount">
        <source>{what} must be a decimal string such as &quot;0.20&quot;, not {value}</source>
        <translation>{what}: нужна десятичная строка, например &quot;0.20&quot;, а не {value}</translation>
    </message>
    <message id="pricing.money_float">
        <source>money must be a decimal string, not a float</source>
        <translation>деньги задаются десятичной строкой, а не дробным числом JSON</translation>
    </message>
    <message id="pricing.no_storage_price">
        <source>catalog {catalog_id} has no storage price</source>
        <translation>в каталоге {catalog_id} нет цены хранилища</translation>
    </message>
    <message id="pricing.not_a_number">
        <source>{what} &apos;{value}&apos; is not a number</source>
        <translation>{what}: «{value}» — не число</translation>
    </message>
    <message id="pricing.not_decimal_type">
        <source>{what} must be a decimal string, not {type}</source>
        <translation>{what}: нужна десятичная строка, а не {type}</translation>
    </message>
    <message id="pricing.not_finite">
        <source>{what} must be a finite number, got {value}</source>
        <translation>{what}: нужно конечное число, получено {value}</translation>
    </message>
    <message id="pricing.storage_negative">
        <source>must be 0 or more, got {requested_gb}</source>
        <translation>должно быть 0 или больше, получено {requested_gb}</translation>
    </message>
    <message id="pricing.storage_not_whole">
        <source>must be a whole number of GB, got {storage_gb}</source>
        <translation>нужно целое число ГБ, получено {storage_gb}</translation>
    </message>
    <message id="pricing.stored_not_integer">
        <source>a stored amount must be an integer, got {minor}</source>
        <translation>сохранённая сумма должна быть целым числом, получено {minor}</translation>
    </message>
    <message id="pricing.tax_rate_range">
        <source>tax rate must be a fraction from 0 to 1 (0.2 is 20 %), got {rate}</source>
        <translation>ставка налога должна быть долей от 0 до 1 (0.2 — это 20 %), получено {rate}</translation>
    </message>
    <message id="pricing.too_many_places">
        <source>{amount} has more decimal places than {currency} allows</source>
        <translation>в {amount} больше знаков после запятой, чем допускает {currency}</translation>
    </message>
    <message id="pricing.unknown_currency">
        <source>unsupported currency &apos;{currency}&apos; (supported: {known})</source>
        <translation>валюта «{currency}» не поддерживается (поддерживаются: {known})</translation>
    </message>
    <message id="pydantic.bool_parsing">
        <source>Input should be a valid boolean, unable to interpret input</source>
        <translation>нужно логическое значение (true или false)</translation>
    </message>
    <message id="pydantic.float_parsing">
        <source>Input should be a valid number, unable to parse string as a number</source>
        <translation>нужно число; текст не удалось прочитать как число</translation>
    </message>
    <message id="pydantic.float_type">
        <source>Input should be a valid number</source>
        <translation>нужно число</translation>
    </message>
    <message id="pydantic.greater_than">
        <source>Input should be greater than {gt}</source>
        <translation>значение должно быть больше {gt}</translation>
    </message>
    <message id="pydantic.greater_than_equal">
        <source>Input should be greater than or equal to {ge}</source>
        <translation>значение должно быть не меньше {ge}</translation>
    </message>
    <message id="pydantic.int_from_float">
        <source>Input should be a valid integer, got a number with a fractional part</source>
        <translation>нужно целое число, а у этого числа есть дробная часть</translation>
    </message>
    <message id="pydantic.int_parsing">
        <source>Input should be a valid integer, unable to parse string as an integer</source>
        <translation>нужно целое число; текст не удалось прочитать как целое число</translation>
    </message>
    <message id="pydantic.int_type">
        <source>Input should be a valid integer</source>
        <translation>нужно целое число</translation>
    </message>
    <message id="pydantic.less_than">
        <source>Input should be less than {lt}</source>
        <translation>значение должно быть меньше {lt}</translation>
    </message>
    <message id="pydantic.less_than_equal">
        <source>Input should be less than or equal to {le}</source>
        <translation>значение должно быть не больше {le}</translation>
    </message>
    <message id="pydantic.literal_error">
        <source>Input should be {expected}</source>
        <translation>допустимые значения: {expected}</translation>
    </message>
    <message id="pydantic.string_pattern_mismatch">
        <source>String should match pattern &apos;{pattern}&apos;</source>
        <translation>строка должна соответствовать шаблону &apos;{pattern}&apos;</translation>
    </message>
    <message id="pydantic.string_type">
        <source>Input should be a valid string</source>
        <translation>нужна строка</translation>
    </message>
    <message id="qlora_quality">
        <source>QLoRA trains against NF4-quantized base weights; compare the result with a 16-bit baseline</source>
        <translation>QLoRA обучается поверх базовых весов, квантованных в NF4; сравните результат с 16-битным базовым вариантом</translation>
    </message>
    <message id="quantization_quality">
        <source>{weights} weights change the model&apos;s outputs; verify output quality on your own data, and that kernels exist for this GPU and platform</source>
        <translation>веса {weights} меняют выходные данные модели; проверьте качество вывода на своих данных и наличие ядер для этого GPU и платформы</translation>
    </message>
    <message id="quote_limits.local_model">
        <source>quote {quote} was planned from a local model file ({source}), which is not read again from a saved quote, so no limits; reopen it as a new draft to plan it from a file you choose</source>
        <translation>смета {quote} рассчитана по локальному файлу модели ({source}), а из сохранённой сметы он повторно не читается, поэтому пределов нет; откройте её как новый черновик, чтобы рассчитать по файлу, который вы выберете</translation>
    </message>
    <message id="quote_limits.offer">
        <source>the GPU offer saved with quote {quote} cannot be read, so no limits</source>
        <translation>предложение GPU, сохранённое в смете {quote}, не читается, поэтому пределов нет</translation>
    </message>
    <message id="quotes.currency_mismatch">
        <source>price is in {currency}, the catalog in {catalog_currency}</source>
        <translation>цена указана в {currency}, а каталог — в {catalog_currency}</translation>
    </message>
    <message id="quotes.gpus_mismatch">
        <source>price is for {gpus} GPUs, the quote for {quote_gpus}</source>
        <translation>цена рассчитана на {gpus} GPU, а смета — на {quote_gpus}</translation>
    </message>
    <message id="quotes.invalid_snapshot">
        <source>quote snapshot {where}: {message}</source>
        <translation>снимок сметы, поле {where}: {message}</translation>
    </message>
    <message id="request.active_exceeds">
        <source>active_params cannot exceed params</source>
        <translation>active_params не может быть больше params</translation>
    </message>
    <message id="request.boolean_number">
        <source>must be a number, not {value}</source>
        <translation>должно быть числом, а не {value}</translation>
    </message>
    <message id="request.data_parallel_needs_experts">
        <source>data_parallel ({dp}) groups GPUs into expert-parallel replicas: set expert_parallel too (without it, gpus ÷ tensor_parallel are independent replicas already)</source>
        <translation>data_parallel ({dp}) объединяет GPU в реплики с параллелизмом экспертов: задайте и expert_parallel (без него число GPU ÷ tensor_parallel — и так независимые реплики)</translation>
    </message>
    <message id="request.extra">
        <source>is not a known field</source>
        <translation>неизвестное поле</translation>
    </message>
    <message id="request.format_conflict">
        <source>weights &apos;{weights}&apos; and format &apos;{format}&apos; name different formats</source>
        <translation>weights «{weights}» и format «{format}» называют разные форматы</translation>
    </message>
    <message id="request.gpus_not_multiple">
        <source>gpus ({gpus}) must be a multiple of tensor_parallel ({tp})</source>
        <translation>число GPU ({gpus}) должно быть кратно степени тензорного параллелизма ({tp})</translation>
    </message>
    <message id="request.gpus_not_multiple_of_replica">
        <source>gpus ({gpus}) must be a multiple of tensor_parallel × data_parallel ({replica})</source>
        <translation>число GPU ({gpus}) должно быть кратно размеру реплики, tensor_parallel × data_parallel ({replica})</translation>
    </message>
    <message id="request.kv_heads_divide">
        <source>must divide the attention heads ({heads}) and not exceed them: each KV head serves an equal group of attention heads</source>
        <translation>должно делить число голов внимания ({heads}) и не превышать его: каждая KV-голова обслуживает равную группу голов внимания</translation>
    </message>
    <message id="request.layerwise_casting_fp8">
        <source>layerwise casting stores the weights in fp8: set precision.weights to fp8 (got {weights})</source>
        <translation>послойное приведение типов хранит веса в fp8: задайте precision.weights = fp8 (получено {weights})</translation>
    </message>
    <message id="request.llamacpp_v_needs_fa">
        <source>llama.cpp quantizes the V cache only with flash attention on</source>
        <translation>llama.cpp квантует V-кэш только при включённом флеш-внимании</translation>
    </message>
    <message id="request.missing">
        <source>is required</source>
        <translation>обязательное поле</translation>
    </message>
    <message id="request.missing_file">
        <source>cannot read request file {path}: it does not exist</source>
        <translation>не удаётся прочитать файл запроса {path}: его нет</translation>
    </message>
    <message id="request.mtp_needs_vllm">
        <source>speculative decoding with MTP is a vLLM option: set inference.engine to vllm or inference.mtp_speculative_tokens to 0 (engine {engine})</source>
        <translation>спекулятивное декодирование с «MTP» — параметр движка «vLLM»: задайте inference.engine = «vllm» или inference.mtp_speculative_tokens = 0 (движок {engine})</translation>
    </message>
    <message id="request.multiple_of_8">
        <source>must be a multiple of 8 (the VAE downsamples by 8), got {value}</source>
        <translation>значение должно быть кратно 8 (VAE уменьшает в 8 раз), получено {value}</translation>
    </message>
    <message id="request.not_an_object">
        <source>a request must be a JSON object</source>
        <translation>запрос должен быть объектом JSON</translation>
    </message>
    <message id="request.one_source">
        <source>give exactly one of preset, hf_config, safetensors, gguf, custom</source>
        <translation>укажите ровно один источник: preset, hf_config, safetensors, gguf или custom</translation>
    </message>
    <message id="request.one_source_got">
        <source>give exactly one of preset, hf_config, safetensors, gguf, custom (got {given})</source>
        <translation>укажите ровно один источник: preset, hf_config, safetensors, gguf или custom (указано: {given})</translation>
    </message>
    <message id="request.single_one_gpu">
        <source>strategy &apos;single&apos; uses exactly 1 GPU; choose ddp, fsdp or tensor</source>
        <translation>стратегия «Один GPU» использует ровно 1 GPU; выберите DDP, FSDP или тензорный параллелизм</translation>
    </message>
    <message id="request.start_needs_zone">
        <source>start needs a time zone, e.g. 2026-01-31T09:00:00Z</source>
        <translation>для начала срока нужен часовой пояс, например 2026-01-31T09:00:00Z</translation>
    </message>
    <message id="request.tp_exceeds_gpus">
        <source>tensor_parallel ({tp}) cannot exceed gpus ({gpus})</source>
        <translation>степень тензорного параллелизма ({tp}) не может быть больше числа GPU ({gpus})</translation>
    </message>
    <message id="rocm_verify">
        <source>check ROCm support for {gfx}, the OS image, the framework build and every dependency: CUDA-only libraries and kernels do not run here</source>
        <translation>проверьте поддержку ROCm для {gfx}, образ ОС, сборку фреймворка и каждую зависимость: библиотеки и ядра только для CUDA здесь не работают</translation>
    </message>
    <message id="safetensors.header_backwards">
        <source>tensor &apos;{name}&apos; ends (byte {end}) before it begins (byte {start})</source>
        <translation>тензор «{name}» заканчивается (байт {end}) раньше, чем начинается (байт {start})</translation>
    </message>
    <message id="safetensors.header_dtype">
        <source>tensor &apos;{name}&apos; has an unknown dtype {dtype}</source>
        <translation>у тензора «{name}» неизвестный тип данных {dtype}</translation>
    </message>
    <message id="safetensors.header_duplicate">
        <source>name &apos;{key}&apos; appears twice</source>
        <translation>имя «{key}» встречается дважды</translation>
    </message>
    <message id="safetensors.header_ended">
        <source>{path} ended while its header was being read</source>
        <translation>файл {path} закончился посреди заголовка</translation>
    </message>
    <message id="safetensors.header_entry">
        <source>entry &apos;{name}&apos; is not an object</source>
        <translation>запись «{name}» — не объект</translation>
    </message>
    <message id="safetensors.header_gap">
        <source>{size:,} bytes before tensor &apos;{name}&apos; belong to none</source>
        <translation>перед тензором «{name}» есть байты, не принадлежащие ни одному тензору: {size:,}</translation>
    </message>
    <message id="safetensors.header_metadata">
        <source>__metadata__ must map strings to strings</source>
        <translation>__metadata__ должен сопоставлять строки строкам</translation>
    </message>
    <message id="safetensors.header_not_json">
        <source>the header is not valid JSON ({reason})</source>
        <translation>заголовок — некорректный JSON ({reason})</translation>
    </message>
    <message id="safetensors.header_not_object">
        <source>the header is not a JSON object</source>
        <translation>заголовок — не объект JSON</translation>
    </message>
    <message id="safetensors.header_not_utf8">
        <source>the header is not UTF-8 text</source>
        <translation>заголовок — не текст UTF-8</translation>
    </message>
    <message id="safetensors.header_offsets">
        <source>tensor &apos;{name}&apos; needs data_offsets [begin, end] of whole numbers</source>
        <translation>тензору «{name}» нужны data_offsets [начало, конец] из целых чисел</translation>
    </message>
    <message id="safetensors.header_overlap">
        <source>tensor &apos;{name}&apos; overlaps the tensor before it</source>
        <translation>тензор «{name}» перекрывает предыдущий тензор</translation>
    </message>
    <message id="safetensors.header_partial_byte">
        <source>tensor &apos;{name}&apos; ({dtype}) does not fill a whole number of bytes</source>
        <translation>тензор «{name}» ({dtype}) не занимает целого числа байт</translation>
    </message>
    <message id="safetensors.header_past_end">
        <source>tensor &apos;{name}&apos; ends at byte {end:,} of the data but the file holds only {data_bytes:,} bytes after the header (truncated or incomplete)</source>
        <translation>тензор «{name}» заканчивается на байте {end:,} данных, а после заголовка в файле только {data_bytes:,} {data_bytes|noun.byte} (файл обрезан или неполон)</translation>
    </message>
    <message id="safetensors.header_rank">
        <source>tensor &apos;{name}&apos; has a shape that is not a list of up to {limit} sizes</source>
        <translation>у тензора «{name}» форма — не список из не более чем {limit} размеров</translation>
    </message>
    <message id="safetensors.header_shape">
        <source>tensor &apos;{name}&apos; has a shape that is not a list of whole numbers</source>
        <translation>у тензора «{name}» форма — не список целых чисел</translation>
    </message>
    <message id="safetensors.header_size">
        <source>tensor &apos;{name}&apos; data_offsets cover {nbytes:,} bytes but shape {shape} of {dtype} needs {needed:,}</source>
        <translation>data_offsets тензора «{name}» покрывают {nbytes:,} {nbytes|noun.byte}, а форме {shape} типа {dtype} нужно {needed:,}</translation>
    </message>
    <message id="safetensors.header_tensor_count">
        <source>the header lists {count:,} tensors; at most {limit:,} are read from one file</source>
        <translation>в заголовке {count:,} {count|noun.tensor}; из одного файла читается не больше {limit:,}</translation>
    </message>
    <message id="safetensors.header_too_large">
        <source>{path} claims a {length:,}-byte header; safetensors refuses headers over {limit:,} bytes</source>
        <translation>{path} заявляет заголовок в {length:,} {length|noun.byte}; safetensors не принимает заголовки больше {limit:,} байт</translation>
    </message>
    <message id="safetensors.header_trailing">
        <source>the file has {size:,} bytes after the last tensor that the header does not describe</source>
        <translation>после последнего тензора в файле {size:,} {size|noun.byte}, которых заголовок не описывает</translation>
    </message>
    <message id="safetensors.header_truncated">
        <source>{path} claims a {length:,}-byte header but holds only {size:,} bytes after the length (truncated or not a safetensors file)</source>
        <translation>{path} заявляет заголовок в {length:,} {length|noun.byte}, но после длины в нём только {size:,} {size|noun.byte} (файл обрезан или это не safetensors)</translation>
    </message>
    <message id="safetensors.index_bad_shard">
        <source>{index} maps &apos;{tensor}&apos; to {shard}, not a file beside the index</source>
        <translation>{index} относит «{tensor}» к {shard} — это не файл рядом с индексом</translation>
    </message>
    <message id="safetensors.index_no_map">
        <source>{index} has no weight_map of tensor names to shards</source>
        <translation>в {index} нет weight_map — соответствия имён тензоров шардам</translation>
    </message>
    <message id="safetensors.index_not_object">
        <source>{index} is not a JSON object</source>
        <translation>{index} — не объект JSON</translation>
    </message>
    <message id="safetensors.index_too_large">
        <source>{index} is too large to be a safetensors index</source>
        <translation>{index} слишком велик для индекса safetensors</translation>
    </message>
    <message id="safetensors.index_total_size">
        <source>{index} metadata.total_size is not a whole number</source>
        <translation>в {index} значение metadata.total_size — не целое число</translation>
    </message>
    <message id="safetensors.invalid_header">
        <source>{path}: {reason}</source>
        <translation>{path}: {reason}</translation>
    </message>
    <message id="safetensors.no_architecture">
        <source>cannot infer an architecture from the tensor names of {name}; put the model&apos;s config.json beside the checkpoint</source>
        <translation>по именам тензоров {name} не удаётся определить архитектуру; положите config.json модели рядом с контрольной точкой</translation>
    </message>
    <message id="safetensors.no_weights">
        <source>{path} holds neither model.safetensors.index.json nor a single model.safetensors</source>
        <translation>в {path} нет ни model.safetensors.index.json, ни одного model.safetensors</translation>
    </message>
    <message id="safetensors.no_weights_many">
        <source>{path} holds neither model.safetensors.index.json nor a single model.safetensors ({count} .safetensors files without an index)</source>
        <translation>в {path} нет ни model.safetensors.index.json, ни одного model.safetensors (файлов .safetensors без индекса: {count})</translation>
    </message>
    <message id="safetensors.part_header">
        <source>the header</source>
        <translation>заголовок</translation>
    </message>
    <message id="safetensors.shard_lacks_tensor">
        <source>the index puts &apos;{name}&apos; in {shard}, but that shard does not hold it</source>
        <translation>индекс относит «{name}» к {shard}, но в этом шарде его нет</translation>
    </message>
    <message id="safetensors.shards_missing">
        <source>{index} names shard(s) missing from {folder}: {missing}</source>
        <translation>{index} называет шарды, которых нет в {folder}: {missing}</translation>
    </message>
    <message id="safetensors.tensor_twice">
        <source>tensor &apos;{tensor}&apos; is stored in both {first} and {second}</source>
        <translation>тензор «{tensor}» хранится и в {first}, и в {second}</translation>
    </message>
    <message id="safetensors.too_short">
        <source>{path} is {size} bytes, shorter than the 8-byte header length prefix</source>
        <translation>{path} занимает {size} {size|noun.byte} — меньше 8-байтового префикса длины заголовка</translation>
    </message>
    <message id="settings.cannot_save">
        <source>cannot save settings to {path}: {reason}</source>
        <translation>не удаётся сохранить настройки в {path}: {reason}</translation>
    </message>
    <message id="settings.invalid">
        <source>settings file {path}: {field}: {reason}; fix it or delete it to go back to the defaults</source>
        <translation>файл настроек {path}, поле {field}: {reason}; исправьте или удалите его, чтобы вернуть значения по умолчанию</translation>
    </message>
    <message id="settings.not_an_object">
        <source>settings file {path} must hold a JSON object; fix it or delete it to go back to the defaults</source>
        <translation>файл настроек {path} должен содержать объект JSON; исправьте или удалите его, чтобы вернуть значения по умолчанию</translation>
    </message>
    <message id="settings.unreadable">
        <source>settings file: {reason}; fix it or delete it to go back to the defaults</source>
        <translation>файл настроек: {reason}; исправьте или удалите его, чтобы вернуть значения по умолчанию</translation>
    </message>
    <message id="store.backup_failed">
        <source>backup to {destination} failed: {reason}</source>
        <translation>резервное копирование в {destination} не удалось: {reason}</translation>
    </message>
    <message id="store.backup_failed_deleted">
        <source>backup to {destination} failed and was deleted: {reason}</source>
        <translation>резервное копирование в {destination} не удалось, копия удалена: {reason}</translation>
    </message>
    <message id="store.bad_key">
        <source>must be 1 to {limit} printable characters without surrounding spaces</source>
        <translation>должно быть от 1 до {limit} печатных символов без пробелов по краям</translation>
    </message>
    <message id="store.bad_page">
        <source>page size must be 1 to {limit} and the offset 0 or more</source>
        <translation>размер страницы должен быть от 1 до {limit}, а смещение — 0 или больше</translation>
    </message>
    <message id="store.bad_stamp">
        <source>&apos;{text}&apos; is not a date and time with a time zone</source>
        <translation>«{text}» — не дата и время с часовым поясом</translation>
    </message>
    <message id="store.busy">
        <source>history database {path} is busy: another process kept it locked for too long; nothing was changed, try again when it has finished</source>
        <translation>база истории {path} занята: другой процесс слишком долго держал её заблокированной; ничего не изменено, повторите, когда он закончит</translation>
    </message>
    <message id="store.cannot_do">
        <source>cannot {doing} history database {path}: {reason}</source>
        <translation>не удаётся {doing} базу истории {path}: {reason}</translation>
    </message>
    <message id="store.cannot_do_disk_full">
        <source>cannot {doing} history database {path}: the disk is full</source>
        <translation>не удаётся {doing} базу истории {path}: диск заполнен</translation>
    </message>
    <message id="store.cannot_do_read_only">
        <source>cannot {doing} history database {path}: the drive is read-only</source>
        <translation>не удаётся {doing} базу истории {path}: диск доступен только для чтения</translation>
    </message>
    <message id="store.cannot_open">
        <source>cannot open history database {path} ({reason}); check that its folder exists and can be read, or choose another file with --db</source>
        <translation>не удаётся открыть базу истории {path} ({reason}); проверьте, что её папка существует и доступна для чтения, или выберите другой файл через --db</translation>
    </message>
    <message id="store.cannot_write">
        <source>cannot write {path}: {reason}</source>
        <translation>не удаётся записать {path}: {reason}</translation>
    </message>
    <message id="store.cannot_write_output">
        <source>cannot write {what} {output!d}: {reason}</source>
        <translation>не удаётся записать файл {output} ({what}): {reason}</translation>
    </message>
    <message id="store.cause_drive_read_only">
        <source>read-only (it is on a read-only drive)</source>
        <translation>только для чтения (он на диске только для чтения)</translation>
    </message>
    <message id="store.cause_file_read_only">
        <source>read-only (the file cannot be written)</source>
        <translation>только для чтения (файл нельзя записать)</translation>
    </message>
    <message id="store.cause_folder_closed">
        <source>permission denied (its folder cannot be opened by this user)</source>
        <translation>доступ запрещён (этот пользователь не может открыть её папку)</translation>
    </message>
    <message id="store.cause_folder_read_only">
        <source>read-only (its folder cannot be written)</source>
        <translation>только для чтения (в его папку нельзя записать)</translation>
    </message>
    <message id="store.cause_permission">
        <source>permission denied</source>
        <translation>нет доступа</translation>
    </message>
    <message id="store.cause_read_only">
        <source>read-only</source>
        <translation>только для чтения</translation>
    </message>
    <message id="store.damaged">
        <source>history database {path} is damaged ({shown}); it was left as it is; restore a backup with `anchorgpu-planner db restore FILE` or choose another file with --db</source>
        <translation>база истории {path} повреждена ({shown}); она оставлена как есть; восстановите резервную копию командой `anchorgpu-planner db restore FILE` или выберите другой файл через --db</translation>
    </message>
    <message id="store.disk_full">
        <source>history database {path} cannot be written: the disk is full; it was left as it is (free some space and try again)</source>
        <translation>в базу истории {path} нельзя записать: диск заполнен; она оставлена как есть (освободите место и повторите)</translation>
    </message>
    <message id="store.does_not_fit">
        <source>this configuration does not fit in GPU memory; not placing an order (see the estimate for what would fit)</source>
        <translation>эта конфигурация не помещается в память GPU; заказ не размещён (что поместится, показывает оценка)</translation>
    </message>
    <message id="store.file_empty">
        <source>{path} is empty, not a history database</source>
        <translation>{path} пуст — это не база истории</translation>
    </message>
    <message id="store.file_missing">
        <source>{path} does not exist or is not a regular file</source>
        <translation>{path} не существует или не является обычным файлом</translation>
    </message>
    <message id="store.file_rows_differ">
        <source>{path} has rows {found}, expected {expected}</source>
        <translation>в {path} строк {found}, ожидалось {expected}</translation>
    </message>
    <message id="store.file_version_differs">
        <source>{path} has schema version {version}, expected {expected}</source>
        <translation>у {path} версия схемы {version}, ожидалась {expected}</translation>
    </message>
    <message id="store.file_version_unknown">
        <source>{path} has schema version {version}; this app reads 1 to {newest}</source>
        <translation>у {path} версия схемы {version}; это приложение читает версии от 1 до {newest}</translation>
    </message>
    <message id="store.foreign_database">
        <source>{path} is a SQLite database of another application, not an AnchorGPU Planner history; it was left as it is (choose another file with --db)</source>
        <translation>{path} — база данных SQLite другого приложения, а не история AnchorGPU Planner; она оставлена как есть (выберите другой файл через --db)</translation>
    </message>
    <message id="store.import_catalog_no_gpu">
        <source>it names catalog {catalog_id} of {as_of}, which has no GPU offer {gpu_id}</source>
        <translation>в ней указан каталог {catalog_id} от {as_of}, в котором нет предложения GPU {gpu_id}</translation>
    </message>
    <message id="store.import_catalog_price">
        <source>its price per GPU-hour for {gpu_id} is {price} {currency}, but catalog {catalog_id} of {as_of}, which it names, lists {listed} {currency} for this term</source>
        <translation>цена за GPU-час для {gpu_id} в ней {price} {currency}, а в указанном в ней каталоге {catalog_id} от {as_of} для этого срока — {listed} {currency}</translation>
    </message>
    <message id="store.import_catalog_total">
        <source>its total is {total!d} {currency}, but priced again from catalog {catalog_id} of {as_of}, which it names, it is {repriced} {currency}</source>
        <translation>итог в ней {total} {currency}, а по указанному в ней каталогу {catalog_id} от {as_of} выходит {repriced} {currency}</translation>
    </message>
    <message id="store.import_catalog_unpriced">
        <source>it cannot be priced again from catalog {catalog_id} of {as_of}: {reason}</source>
        <translation>её не удаётся заново оценить по каталогу {catalog_id} от {as_of}: {reason}</translation>
    </message>
    <message id="store.import_conflict">
        <source>order {order}: idempotency key &apos;{key}&apos; belongs to order {holder} here</source>
        <translation>заказ {order}: ключ идемпотентности «{key}» здесь принадлежит заказу {holder}</translation>
    </message>
    <message id="store.import_constant">
        <source>{name} is not a number JSON allows</source>
        <translation>{name} — не число, допустимое в JSON</translation>
    </message>
    <message id="store.import_currency">
        <source>it is in {currency}, but catalog {catalog_id} prices in {known}</source>
        <translation>она в {currency}, а каталог {catalog_id} указывает цены в {known}</translation>
    </message>
    <message id="store.import_differs_order">
        <source>order {id} is already here, but the file differs in {fields}; kept as it is here</source>
        <translation>заказ {id} уже есть здесь, но в файле отличаются поля {fields}; оставлен таким, как здесь</translation>
    </message>
    <message id="store.import_differs_quote">
        <source>quote {id} is already here, but the file differs in {fields}; kept as it is here</source>
        <translation>смета {id} уже есть здесь, но в файле отличаются поля {fields}; оставлена такой, как здесь</translation>
    </message>
    <message id="store.import_estimate_field">
        <source>its {field} {value} differs from its estimate&apos;s ({quoted})</source>
        <translation>её {field} {value} отличается от значения в оценке ({quoted})</translation>
    </message>
    <message id="store.import_fingerprint">
        <source>its fingerprint does not match its request</source>
        <translation>её отпечаток не совпадает с её запросом</translation>
    </message>
    <message id="store.import_gpu">
        <source>its GPU {gpu_id} differs from the offer it quotes</source>
        <translation>её GPU {gpu_id} отличается от предложения, на которое она составлена</translation>
    </message>
    <message id="store.import_is_database">
        <source>{path} is the history database itself, not an export</source>
        <translation>{path} — сама база истории, а не экспорт</translation>
    </message>
    <message id="store.import_line_amount">
        <source>its {kind} line is {amount}, derived {expected} {currency}</source>
        <translation>её строка {kind} равна {amount}, а по расчёту {expected} {currency}</translation>
    </message>
    <message id="store.import_line_currency">
        <source>its {kind} line is in {labelled}, the quote in {currency}</source>
        <translation>её строка {kind} указана в {labelled}, а смета — в {currency}</translation>
    </message>
    <message id="store.import_line_negative">
        <source>its {kind} line is negative ({amount})</source>
        <translation>её строка {kind} отрицательна ({amount})</translation>
    </message>
    <message id="store.import_model">
        <source>its model {model} differs from its estimate&apos;s ({named})</source>
        <translation>её модель {model} отличается от модели в её оценке ({named})</translation>
    </message>
    <message id="store.import_nested">
        <source>{path} is nested too deeply to be an export</source>
        <translation>{path} вложен слишком глубоко для экспорта</translation>
    </message>
    <message id="store.import_not_file">
        <source>{path} is not a regular file</source>
        <translation>{path} — не обычный файл</translation>
    </message>
    <message id="store.import_not_utf8">
        <source>{path} is not UTF-8 text: {reason}</source>
        <translation>{path} — не текст UTF-8: {reason}</translation>
    </message>
    <message id="store.import_order_field">
        <source>its {field} {value} contradicts its snapshot ({expected})</source>
        <translation>его {field} {value} противоречит снимку ({expected})</translation>
    </message>
    <message id="store.import_order_row">
        <source>{path}: order {id} (order {number} in the file)</source>
        <translation>{path}: заказ {id} (заказ № {number} в файле)</translation>
    </message>
    <message id="store.import_out_of_range">
        <source>{source}: {where} is an integer out of range</source>
        <translation>{source}: {where} — целое число вне допустимого диапазона</translation>
    </message>
    <message id="store.import_out_of_range_root">
        <source>{source}: a value is an integer out of range</source>
        <translation>{source}: значение — целое число вне допустимого диапазона</translation>
    </message>
    <message id="store.import_overflow">
        <source>the number {text} is too large to be stored (it would read as infinity)</source>
        <translation>число {text} слишком велико для хранения (оно читается как бесконечность)</translation>
    </message>
    <message id="store.import_period_end">
        <source>its paid period ends {paid_until}, not after the {hours} h paid</source>
        <translation>его оплаченный период заканчивается {paid_until}, а не после оплаченных {hours} ч</translation>
    </message>
    <message id="store.import_price_layout">
        <source>its price is for {gpus} GPUs, {hours} h in {currency}, the quote for {quote_gpus} GPUs, {quote_hours} h in {quote_currency}</source>
        <translation>её цена рассчитана на {gpus} GPU, {hours} ч в {currency}, а смета — на {quote_gpus} GPU, {quote_hours} ч в {quote_currency}</translation>
    </message>
    <message id="store.import_quote_id">
        <source>its quote {quote_id} is not the quote it was placed from ({id})</source>
        <translation>его смета {quote_id} — не та смета, по которой он размещён ({id})</translation>
    </message>
    <message id="store.import_quote_row">
        <source>{path}: quote {id} (quote {number} in the file)</source>
        <translation>{path}: смета {id} (смета № {number} в файле)</translation>
    </message>
    <message id="store.import_refused">
        <source>{row}: {problem}; the file was not imported</source>
        <translation>{row}: {problem}; файл не импортирован</translation>
    </message>
    <message id="store.import_row">
        <source>{row}: {reason}</source>
        <translation>{row}: {reason}</translation>
    </message>
    <message id="store.import_snapshot_mismatch">
        <source>{row} does not match its quote snapshot</source>
        <translation>{row} не совпадает со своим снимком сметы</translation>
    </message>
    <message id="store.import_start_placed">
        <source>its paid period does not start at its placement</source>
        <translation>его оплаченный период начинается не в момент размещения</translation>
    </message>
    <message id="store.import_start_quoted">
        <source>its paid period does not start at the quoted start</source>
        <translation>его оплаченный период начинается не в начале из сметы</translation>
    </message>
    <message id="store.import_stopped">
        <source>it was stopped at {stopped_at}, outside its placement and paid period</source>
        <translation>он остановлен {stopped_at} — вне периода между размещением и концом оплаты</translation>
    </message>
    <message id="store.import_surrogate">
        <source>{source}: {where} holds an invalid character (a lone surrogate)</source>
        <translation>{source}: {where} содержит недопустимый символ (одиночный суррогат)</translation>
    </message>
    <message id="store.import_surrogate_root">
        <source>{source}: a text holds an invalid character (a lone surrogate)</source>
        <translation>{source}: текст содержит недопустимый символ (одиночный суррогат)</translation>
    </message>
    <message id="store.import_term">
        <source>its term differs from its request&apos;s</source>
        <translation>её срок отличается от срока в её запросе</translation>
    </message>
    <message id="store.import_term_end">
        <source>its term does not end where its start and length say</source>
        <translation>её срок заканчивается не там, где указывают его начало и длина</translation>
    </message>
    <message id="store.import_too_deep">
        <source>{source}: nested more than {limit} levels deep at {where}</source>
        <translation>{source}: вложенность глубже {limit} уровней в {where}</translation>
    </message>
    <message id="store.import_too_large">
        <source>{path} is larger than {limit} MiB</source>
        <translation>{path} больше {limit} МиБ</translation>
    </message>
    <message id="store.import_total">
        <source>its total {total!d} {currency} is not the sum of its lines ({lines_sum})</source>
        <translation>её итог {total} {currency} не равен сумме её строк ({lines_sum})</translation>
    </message>
    <message id="store.import_unit_price">
        <source>its unit price differs from the offer&apos;s price for the term</source>
        <translation>её цена за единицу отличается от цены предложения за этот срок</translation>
    </message>
    <message id="store.import_workload">
        <source>its workload {workload} differs from its request&apos;s</source>
        <translation>её нагрузка {workload} отличается от нагрузки в её запросе</translation>
    </message>
    <message id="store.import_wrong_snapshot">
        <source>{row} holds the snapshot of {id}</source>
        <translation>{row} содержит снимок {id}</translation>
    </message>
    <message id="store.io_error">
        <source>history database {path} could not be read or written ({reason}); it was left as it is</source>
        <translation>базу истории {path} не удалось прочитать или записать ({reason}); она оставлена как есть</translation>
    </message>
    <message id="store.key_conflict">
        <source>idempotency key &apos;{key}&apos; belongs to another order ({order}, placed {placed} for another request); use a new key for a new purchase</source>
        <translation>ключ идемпотентности &apos;{key}&apos; принадлежит другому заказу ({order}, размещён {placed} для другого запроса); для новой покупки используйте новый ключ</translation>
    </message>
    <message id="store.missing_with_remains">
        <source>history database {path} is missing but {name} is beside it; nothing was created. Restore a backup with `anchorgpu-planner db restore FILE`, move the file back, or choose another file with --db</source>
        <translation>базы истории {path} нет, но рядом лежит {name}; ничего не создано. Восстановите резервную копию командой `anchorgpu-planner db restore FILE`, верните файл на место или выберите другой файл через --db</translation>
    </message>
    <message id="store.negative_schema">
        <source>history database {path} has schema version {version}, which no version of AnchorGPU Planner writes (the file was edited by another program); it was left as it is; restore a backup with `anchorgpu-planner db restore FILE` or choose another file with --db</source>
        <translation>у базы истории {path} версия схемы {version}, какую не записывает ни одна версия AnchorGPU Planner (файл изменён другой программой); она оставлена как есть; восстановите резервную копию командой `anchorgpu-planner db restore FILE` или выберите другой файл через --db</translation>
    </message>
    <message id="store.newer_schema">
        <source>history database {path} has schema version {version}, newer than this app understands ({newest}); update AnchorGPU Planner to open it. The file was left as it is.</source>
        <translation>у базы истории {path} версия схемы {version} — новее, чем понимает это приложение ({newest}); обновите AnchorGPU Planner, чтобы открыть её. Файл оставлен как есть.</translation>
    </message>
    <message id="store.no_entity">
        <source>no saved quote or order {id}</source>
        <translation>нет сохранённой сметы или заказа {id}</translation>
    </message>
    <message id="store.no_order">
        <source>no order {id}</source>
        <translation>нет заказа {id}</translation>
    </message>
    <message id="store.no_quote">
        <source>no saved quote {id}</source>
        <translation>нет сохранённой сметы {id}</translation>
    </message>
    <message id="store.no_read_permission">
        <source>cannot read history database {path}: permission denied</source>
        <translation>не удаётся прочитать базу истории {path}: нет доступа</translation>
    </message>
    <message id="store.no_snapshot">
        <source>history database {path} lacks the snapshot {snapshot_id}</source>
        <translation>в базе истории {path} нет снимка {snapshot_id}</translation>
    </message>
    <message id="store.no_wal">
        <source>history database {path} cannot use WAL (journal mode {mode})</source>
        <translation>база истории {path} не может работать в режиме WAL (режим журнала {mode})</translation>
    </message>
    <message id="store.not_a_file">
        <source>history database {path} is not a regular file</source>
        <translation>база истории {path} — не обычный файл</translation>
    </message>
    <message id="store.not_an_export">
        <source>{path} is not a history export: {where}: {message}</source>
        <translation>{path} — не экспорт истории: {where}: {message}</translation>
    </message>
    <message id="store.not_sqlite">
        <source>history database {path} is not a SQLite database; it was left as it is; restore a backup with `anchorgpu-planner db restore FILE` or choose another file with --db</source>
        <translation>база истории {path} — не база данных SQLite; она оставлена как есть; восстановите резервную копию командой `anchorgpu-planner db restore FILE` или выберите другой файл через --db</translation>
    </message>
    <message id="store.order_expired">
        <source>order {id} has already expired (paid until {paid_until}); there is nothing to stop</source>
        <translation>срок заказа {id} уже истёк (оплачен до {paid_until}); останавливать нечего</translation>
    </message>
    <message id="store.output_is_database">
        <source>{what} {output!d} would overwrite the history database {database}; nothing was written (choose another file)</source>
        <translation>файл {output} ({what}) перезаписал бы базу истории {database}; ничего не записано (выберите другой файл)</translation>
    </message>
    <message id="store.output_not_file">
        <source>{what} {output!d} is not a regular file; nothing was written</source>
        <translation>файл {output} ({what}) — не обычный файл; ничего не записано</translation>
    </message>
    <message id="store.output_symlink">
        <source>{what} {output!d} is a symbolic link; it was not followed or changed</source>
        <translation>файл {output} ({what}) — символическая ссылка; по ней не переходили и её не меняли</translation>
    </message>
    <message id="store.period_ended">
        <source>the quoted paid period ({start} to {end} UTC) has already ended; quote again with a later start or none (the period then starts when the order is placed)</source>
        <translation>оплачиваемый период сметы (с {start} по {end} UTC) уже закончился; составьте смету заново с более поздним началом или без него (тогда период начнётся при размещении заказа)</translation>
    </message>
    <message id="store.quote_exists">
        <source>quote {id} is already saved</source>
        <translation>смета {id} уже сохранена</translation>
    </message>
    <message id="store.read_only">
        <source>history database {path} is {cause}; it was left as it is (make it writable or choose another file with --db)</source>
        <translation>база истории {path}: {cause}; она оставлена как есть (сделайте её доступной для записи или выберите другой файл через --db)</translation>
    </message>
    <message id="store.restore_failed">
        <source>restore from {backup} failed: {reason}</source>
        <translation>восстановление из {backup} не удалось: {reason}</translation>
    </message>
    <message id="store.restore_failed_kept">
        <source>restore from {backup} failed, nothing was replaced: {reason}</source>
        <translation>восстановление из {backup} не удалось, ничего не заменено: {reason}</translation>
    </message>
    <message id="store.restore_onto_itself">
        <source>a backup cannot be restored onto itself</source>
        <translation>резервную копию нельзя восстановить поверх неё самой</translation>
    </message>
    <message id="store.restore_open">
        <source>history database {database} is open in another process (the app or a command); close it, then restore again. Nothing was replaced</source>
        <translation>база истории {database} открыта в другом процессе (в приложении или команде); закройте её и повторите восстановление. Ничего не заменено</translation>
    </message>
    <message id="store.restore_unverified">
        <source>the restored history did not verify ({problems})</source>
        <translation>восстановленная история не прошла проверку ({problems})</translation>
    </message>
    <message id="store.row_unreadable">
        <source>history database {path} holds a row that cannot be read ({reason}): it was edited outside the app; it was left as it is; restore a backup with `anchorgpu-planner db restore FILE` or choose another file with --db</source>
        <translation>в базе истории {path} есть строка, которую не удаётся прочитать ({reason}): её изменили вне приложения; база оставлена как есть; восстановите резервную копию командой `anchorgpu-planner db restore FILE` или выберите другой файл через --db</translation>
    </message>
    <message id="store.snapshot_unreadable">
        <source>snapshot {snapshot_id} cannot be read: {reason}</source>
        <translation>снимок {snapshot_id} не читается: {reason}</translation>
    </message>
    <message id="store.symlink">
        <source>history database {path} is a symbolic link (to {target}); the history must be a regular file, because its journals, backups and restores are made beside the name given: give --db the file itself</source>
        <translation>база истории {path} — символическая ссылка (на {target}); история должна быть обычным файлом, потому что её журналы, резервные копии и восстановления создаются рядом с указанным именем: укажите в --db сам файл</translation>
    </message>
    <message id="store.text_too_long">
        <source>at most {limit} characters</source>
        <translation>не более {limit} {limit|noun.character_genitive}</translation>
    </message>
    <message id="store.unknown_filter">
        <source>unknown {name} &apos;{value}&apos; (known: {known})</source>
        <translation>неизвестное значение {name} «{value}» (известны: {known})</translation>
    </message>
    <message id="strategy_not_for_inference">
        <source>FSDP is a training strategy; to spread a model for serving use tensor parallelism</source>
        <translation>FSDP — стратегия обучения; чтобы распределить модель для обслуживания, используйте тензорный параллелизм</translation>
    </message>
    <message id="terms.count_range">
        <source>term count must be a whole number from 1 to {limit}, got {count}</source>
        <translation>число единиц срока должно быть целым от 1 до {limit}, получено {count}</translation>
    </message>
    <message id="terms.start_needs_zone">
        <source>a term start needs a time zone, e.g. 2026-01-31T09:00:00Z</source>
        <translation>для начала срока нужен часовой пояс, например 2026-01-31T09:00:00Z</translation>
    </message>
    <message id="terms.unknown_unit">
        <source>unknown term unit &apos;{unit}&apos; (known: {known})</source>
        <translation>неизвестная единица срока «{unit}» (известны: {known})</translation>
    </message>
    <message id="throughput.decode_bound">
        <source>decode bound: each step reads every GPU&apos;s weights and the full KV cache once at the GPU&apos;s peak memory bandwidth (an upper bound)</source>
        <translation>предел декодирования: каждый шаг один раз читает веса каждого GPU и весь KV-кэш на пиковой пропускной способности памяти GPU (оценка сверху)</translation>
    </message>
    <message id="throughput.images_model">
        <source>{seconds:.2f} s per image per GPU (±{band:.0%}), from the denoiser&apos;s FLOPs and a per-step time calibrated on published runs</source>
        <translation>{seconds:.2f} с на изображение на GPU (±{band:.0%}): FLOP денойзера и время шага, откалиброванные по опубликованным замерам</translation>
    </message>
    <message id="throughput.images_unmeasured">
        <source>no published image-generation run was measured on {gpu}; its speed band is widened</source>
        <translation>на {gpu} нет опубликованных замеров генерации изображений, поэтому диапазон скорости расширен</translation>
    </message>
    <message id="throughput.prefill">
        <source>prefill at 2·N FLOPs per token and {mfu:.0%} of peak FLOPs</source>
        <translation>предзаполнение (prefill) при 2·N FLOP на токен и {mfu:.0%} от пиковой производительности</translation>
    </message>
    <message id="throughput.step_model">
        <source>serving speed from the step model at {sequences} sequences of {input!d} tokens in and {output!d} out: ≈ {output_rate:,.0f} output tokens/s, first token ≈ {ttft_ms:,.0f} ms, ≈ {tpot_ms:,.1f} ms per output token (band ±{band:.0%}, docs/ACCURACY.md)</source>
        <translation>скорость обслуживания по пошаговой модели при {sequences} последовательностях по {input} входных и {output} выходных токенов: ≈ {output_rate:,.0f} выходных токенов/с, первый токен через ≈ {ttft_ms:,.0f} мс, ≈ {tpot_ms:,.1f} мс на выходной токен (полоса ±{band:.0%}, docs/ACCURACY.md)</translation>
    </message>
    <message id="throughput.training">
        <source>{factor}·N FLOPs per token at {mfu:.0%} of the GPUs&apos; dense bf16 peak</source>
        <translation>{factor}·N FLOP на токен при {mfu:.0%} от пиковой плотной производительности GPU в bf16</translation>
    </message>
    <message id="throughput.training_model">
        <source>training speed {per_gpu:,.0f} tokens/s per GPU (±{band:.0%}; {mfu:.0%} of the bf16 peak), from the step&apos;s FLOPs at utilisations calibrated on published training runs</source>
        <translation>скорость обучения {per_gpu:,.0f} токенов/с на GPU (±{band:.0%}; {mfu:.0%} от пика bf16): FLOP шага при загрузке, откалиброванной по опубликованным запускам обучения</translation>
    </message>
    <message id="throughput.training_unmeasured">
        <source>no published training run was measured on {gpu}; its speed band is widened</source>
        <translation>на {gpu} нет опубликованных замеров обучения, поэтому диапазон скорости расширен</translation>
    </message>
    <message id="throughput.ttft_floor">
        <source>the first-token time is a floor at {sequences} concurrent sequences: queueing under load is not modelled for {engine} (servers measured under load answered several times later, docs/ACCURACY.md)</source>
        <translation>время до первого токена при {sequences} одновременных последовательностях — нижняя граница: очередь под нагрузкой для {engine} не моделируется (измеренные под нагрузкой серверы отвечали в несколько раз позже, docs/ACCURACY.md)</translation>
    </message>
    <message id="throughput.uncalibrated">
        <source>no published measurement calibrates {engine} on {gpu} here (missing: {missing}); the speed band is doubled</source>
        <translation>ни одно опубликованное измерение не калибрует {engine} на {gpu} в этой настройке (нет данных: {missing}); полоса скорости удвоена</translation>
    </message>
    <message id="too_many_gpus">
        <source>{gpu} offers at most {max_gpus} GPUs per allocation ({per_node} per node × {max_nodes} nodes), {gpus} asked</source>
        <translation>{gpu} даёт не больше {max_gpus} GPU на одно выделение ({per_node} на узел, узлов — до {max_nodes}), запрошено {gpus}</translation>
    </message>
    <message id="tp_across_nodes">
        <source>tensor-parallel degree {tp} spans nodes ({per_node} GPUs per node): every layer&apos;s all-reduce crosses the network; keep tensor parallelism within a node</source>
        <translation>тензорный параллелизм степени {tp} выходит за пределы узла ({per_node} GPU на узел): all-reduce каждого слоя идёт через сеть; держите тензорный параллелизм в пределах одного узла</translation>
    </message>
    <message id="tp_heads_indivisible">
        <source>tensor-parallel degree {tp} does not divide the {heads} attention heads</source>
        <translation>степень тензорного параллелизма {tp} не делит число голов внимания ({heads})</translation>
    </message>
    <message id="tp_kv_heads_indivisible">
        <source>tensor-parallel degree {tp} and the {kv_heads} KV heads do not divide one another</source>
        <translation>степень тензорного параллелизма {tp} и число KV-голов ({kv_heads}) не делятся одно на другое</translation>
    </message>
    <message id="tp_pcie">
        <source>{gpu} GPUs talk over PCIe only: tensor parallelism&apos;s all-reduce in every layer will slow each step noticeably</source>
        <translation>GPU {gpu} связаны только через PCIe: all-reduce тензорного параллелизма в каждом слое заметно замедлит каждый шаг</translation>
    </message>
    <message id="tp_stack_support">
        <source>tensor parallelism needs a serving or training stack that supports it for this model</source>
        <translation>тензорному параллелизму нужен стек обслуживания или обучения, который поддерживает его для этой модели</translation>
    </message>
    <message id="traffic.binds">
        <source>limited by {constraint}</source>
        <translation>ограничивает: {constraint}</translation>
    </message>
    <message id="traffic.deadline_needs_zone">
        <source>the deadline needs a time zone, e.g. 2026-12-11T18:00:00+00:00</source>
        <translation>у срока окончания должен быть часовой пояс, например 2026-12-11T18:00:00+00:00</translation>
    </message>
    <message id="traffic.deadline_past">
        <source>the deadline {deadline} is not after the start of the run, {start}</source>
        <translation>срок окончания {deadline} не позже начала обучения ({start})</translation>
    </message>
    <message id="traffic.needs_inference">
        <source>a traffic profile plans serving: the request&apos;s workload is {workload}</source>
        <translation>профиль нагрузки планирует обслуживание, а тип задачи в запросе — {workload}</translation>
    </message>
    <message id="traffic.needs_training">
        <source>a deadline plans a training run: the request&apos;s workload is {workload}</source>
        <translation>срок окончания планирует обучение, а тип задачи в запросе — {workload}</translation>
    </message>
    <message id="traffic.no_goal">
        <source>give the deadline the training run must finish by</source>
        <translation>укажите срок, к которому обучение должно завершиться</translation>
    </message>
    <message id="traffic.no_rate">
        <source>give a request rate (average or peak) or the tokens per day</source>
        <translation>укажите частоту запросов (среднюю или пиковую) или число токенов в сутки</translation>
    </message>
    <message id="traffic.not_an_object">
        <source>a traffic profile must be a JSON object</source>
        <translation>профиль нагрузки должен быть объектом JSON</translation>
    </message>
    <message id="traffic.p90_below_mean">
        <source>the 90th percentile ({p90}) is below the mean ({mean})</source>
        <translation>90-й процентиль ({p90}) меньше среднего ({mean})</translation>
    </message>
    <message id="traffic.peak_below_average">
        <source>the peak rate ({peak:g}) is below the average rate ({average:g})</source>
        <translation>пиковая частота ({peak:g}) меньше средней ({average:g})</translation>
    </message>
    <message id="traffic.point_tpot">
        <source>at {concurrency} requests at once the time per output token is {value:.3g} s, over the target of {target:.3g} s</source>
        <translation>при {concurrency} одновременных запросах время на выходной токен — {value:.3g} с, больше цели {target:.3g} с</translation>
    </message>
    <message id="traffic.point_ttft">
        <source>at {concurrency} requests at once the time to first token is {value:.3g} s, over the target of {target:.3g} s</source>
        <translation>при {concurrency} одновременных запросах время до первого токена — {value:.3g} с, больше цели {target:.3g} с</translation>
    </message>
    <message id="traffic.rate_twice">
        <source>give either an average request rate or the tokens per day, not both</source>
        <translation>укажите либо среднюю частоту запросов, либо число токенов в сутки, но не оба</translation>
    </message>
    <message id="traffic.reason_rate">
        <source>needs {need} GPUs for {rate:.3g} requests/s, the offer has at most {has}</source>
        <translation>для {rate:.3g} запросов/с нужно {need} GPU, а в предложении не больше {has}</translation>
    </message>
    <message id="traffic.reason_tpot">
        <source>time per output token {value:.3g} s even alone, over the target of {target:.3g} s</source>
        <translation>время на выходной токен {value:.3g} с даже для одного запроса, больше цели {target:.3g} с</translation>
    </message>
    <message id="traffic.reason_ttft">
        <source>time to first token {value:.3g} s even alone, over the target of {target:.3g} s</source>
        <translation>время до первого токена {value:.3g} с даже для одного запроса, больше цели {target:.3g} с</translation>
    </message>
    <message id="traffic.roofline">
        <source>speeds are roofline bounds (the full memory bandwidth, {mfu:.0%} of the peak compute): real engines are slower, by an amount not yet calibrated, so the band is unknown</source>
        <translation>скорости — пределы roofline (полная пропускная способность памяти, {mfu:.0%} пиковой производительности): реальные движки медленнее, насколько — ещё не откалибровано, поэтому погрешность неизвестна</translation>
    </message>
    <message id="traffic.speed_model">
        <source>speeds from the calibrated step model, within ×{band:.2f} either way</source>
        <translation>скорости по откалиброванной модели шага, с точностью до ×{band:.2f} в обе стороны</translation>
    </message>
    <message id="traffic.ttft_p90_below_p50">
        <source>the p90 time to first token ({p90:g} s) is below the p50 ({p50:g} s)</source>
        <translation>время до первого токена p90 ({p90:g} с) меньше p50 ({p50:g} с)</translation>
    </message>
    <message id="traffic.unreachable_memory">
        <source>no layout of any offer holds the model with {tokens} tokens of context</source>
        <translation>ни одна раскладка ни одного предложения не вмещает модель с контекстом {tokens} токенов</translation>
    </message>
    <message id="traffic.unreachable_rate">
        <source>no offer has the GPUs for {rate:.3g} requests/s at this latency; the most is {best:.3g} requests/s ({gpus} × {gpu})</source>
        <translation>ни в одном предложении не хватает GPU для {rate:.3g} запросов/с при этой задержке; больше всего — {best:.3g} запросов/с ({gpus} × {gpu})</translation>
    </message>
    <message id="traffic.unreachable_tpot">
        <source>no option meets a time per output token of {target:.3g} s; the best is {best:.3g} s ({gpus} × {gpu})</source>
        <translation>ни один вариант не даёт время на выходной токен {target:.3g} с; лучшее — {best:.3g} с ({gpus} × {gpu})</translation>
    </message>
    <message id="traffic.unreachable_ttft">
        <source>no option meets a time to first token of {target:.3g} s; the best is {best:.3g} s ({gpus} × {gpu})</source>
        <translation>ни один вариант не даёт время до первого токена {target:.3g} с; лучшее — {best:.3g} с ({gpus} × {gpu})</translation>
    </message>
    <message id="translation.language">
        <source>en</source>
        <translation>ru</translation>
    </message>
    <message id="vae_decode_exceeds_vram">
        <source>Denoising fits on {gpu} but the VAE decode needs {decode:.2f} GiB; VAE slicing or tiling lowers the decode peak.</source>
        <translation>Шумоподавление помещается на {gpu}, но декодированию VAE нужно {decode:.2f} ГиБ; слайсинг или тайлинг VAE снижают пик декодирования.</translation>
    </message>
    <message id="vae_decode_peak.many">
        <source>VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}); denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.</source>
        <translation>Пик декодирования VAE {decode:.2f} ГиБ (изображений за раз: {images}, в {dtype}); пик шумоподавления {denoise:.2f} ГиБ; пик {larger} больше и определяет требования к GPU.</translation>
    </message>
    <message id="vae_decode_peak.many_tiled">
        <source>VAE decode peak {decode:.2f} GiB ({images} images at once in {dtype}, {tiles} tiles); denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.</source>
        <translation>Пик декодирования VAE {decode:.2f} ГиБ (изображений за раз: {images}, в {dtype}, тайлов: {tiles}); пик шумоподавления {denoise:.2f} ГиБ; пик {larger} больше и определяет требования к GPU.</translation>
    </message>
    <message id="vae_decode_peak.one">
        <source>VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}); denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.</source>
        <translation>Пик декодирования VAE {decode:.2f} ГиБ (одно изображение за раз в {dtype}); пик шумоподавления {denoise:.2f} ГиБ; пик {larger} больше и определяет требования к GPU.</translation>
    </message>
    <message id="vae_decode_peak.one_tiled">
        <source>VAE decode peak {decode:.2f} GiB (1 image at once in {dtype}, {tiles} tiles); denoising peak {denoise:.2f} GiB; {larger} is larger and sets the GPU requirement.</source>
        <translation>Пик декодирования VAE {decode:.2f} ГиБ (одно изображение за раз в {dtype}, тайлов: {tiles}); пик шумоподавления {denoise:.2f} ГиБ; пик {larger} больше и определяет требования к GPU.</translation>
    </message>
    <message id="vae_tiling_quality.tiled">
        <source>VAE tiling is on: the image is decoded in {tiles} overlapping tiles of {tile_px} px; the output can change at tile seams (tone shifts between tiles); verify image quality before relying on it.</source>
        <translation>Тайлинг VAE включён: изображение декодируется перекрывающимися тайлами по {tile_px} пикс. (всего тайлов: {tiles}); на стыках тайлов результат может меняться (сдвиги тона между тайлами); проверьте качество изображений, прежде чем на него полагаться.</translation>
    </message>
    <message id="vae_tiling_quality.whole">
        <source>VAE tiling is on: at {width}x{height} the image fits in one {tile_px} px tile, so it is decoded whole and tiling saves no memory; at larger sizes the output can change at tile seams (tone shifts between tiles); verify image quality before relying on it.</source>
        <translation>Тайлинг VAE включён: при {width}x{height} изображение помещается в один тайл {tile_px} пикс., поэтому декодируется целиком и тайлинг не экономит память; при больших размерах результат может меняться на стыках тайлов (сдвиги тона между тайлами); проверьте качество изображений, прежде чем на него полагаться.</translation>
    </message>
    <message id="vae_upcast_fp32">
        <source>{pipeline} decodes with its VAE upcast to fp32 (force_upcast: the fp16 VAE overflows), so decode weights and activations take 4 bytes.</source>
        <translation>{pipeline} декодирует с VAE, повышенным до fp32 (force_upcast: VAE в fp16 переполняется), поэтому веса и активации декодирования занимают по 4 байта.</translation>
    </message>
    <message id="vllm_does_not_start">
        <source>vLLM refuses to start: one sequence of {context:,} tokens needs {needed:.2f} GiB of KV cache, more than its {available:.2f} GiB pool; the longest context (max_model_len) that starts here is {longest:,} tokens</source>
        <translation>vLLM не запустится: одной последовательности в {context:,} {context|noun.token} нужно {needed:.2f} ГиБ KV-кэша, больше его пула в {available:.2f} ГиБ; самый длинный контекст (max_model_len), с которым он здесь запустится, — {longest:,} {longest|noun.token}</translation>
    </message>
    <message id="vllm_does_not_start.no_context">
        <source>vLLM refuses to start: its KV cache pool of {available:.2f} GiB holds less than one token of every KV cache group, so no context starts here</source>
        <translation>vLLM не запустится: его пул KV-кэша в {available:.2f} ГиБ не вмещает даже одного токена каждой группы KV-кэша, поэтому здесь он не запустится ни с каким контекстом</translation>
    </message>
    <message id="vllm_does_not_start.no_pool">
        <source>vLLM refuses to start: nothing is left for its KV cache pool once the weights and its start-up profile are taken from gpu_memory_utilization, so no context starts here</source>
        <translation>vLLM не запустится: после весов и пробного прогона при запуске от доли gpu_memory_utilization ничего не остаётся на пул KV-кэша, поэтому здесь он не запустится ни с каким контекстом</translation>
    </message>
    <message id="vllm_graph_estimate">
        <source>vLLM 0.21 and later measure their CUDA graphs at start-up and take that estimate from the KV cache pool: published estimates run from {low:.2f} to {high:.2f} GiB per GPU, which leaves {fewest:,} to {most:,} of the {tokens:,} tokens shown; up to 0.20, or with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0, the graphs use the memory outside gpu_memory_utilization and the pool is as shown</source>
        <translation>vLLM 0.21 и новее измеряют свои CUDA-графы при запуске и вычитают эту оценку из пула KV-кэша: в опубликованных журналах она составляет от {low:.2f} до {high:.2f} ГиБ на GPU, и в пуле остаётся от {fewest:,} до {most:,} из показанных {tokens:,} {tokens|noun.token_genitive}; до версии 0.20 или с VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 графы занимают память вне доли gpu_memory_utilization, и пул такой, как показан</translation>
    </message>
    <message id="vllm_runs_fewer.kv_pool">
        <source>vLLM&apos;s KV cache pool holds {at_once:,} sequences of {context:,} tokens at once, fewer than the {requested:,} requested: the others wait in its queue or are preempted</source>
        <translation>пул KV-кэша vLLM вмещает одновременно {at_once:,} {at_once|noun.sequence} по {context:,} {context|noun.token_dative} — меньше, чем запрошено ({requested:,}): остальные ждут в его очереди или вытесняются</translation>
    </message>
    <message id="vllm_runs_fewer.max_num_seqs">
        <source>vLLM runs at most {at_once:,} sequences at once (max_num_seqs), fewer than the {requested:,} requested: the others wait in its queue</source>
        <translation>vLLM одновременно выполняет не больше {at_once:,} {at_once|noun.sequence_genitive} (max_num_seqs) — меньше, чем запрошено ({requested:,}): остальные ждут в его очереди</translation>
    </message>
    <message id="weights_as_stored">
        <source>the weights are counted as config.json&apos;s quantization_config says the checkpoint stores them, {stored_as}: {size:.1f} GiB in all, as vLLM loads them</source>
        <translation>веса посчитаны так, как их хранит контрольная точка по quantization_config из config.json, — {stored_as}: всего {size:.1f} ГиБ, как их загружает vLLM</translation>
    </message>
    <message id="weights_as_stored.instead">
        <source>the weights are counted as config.json&apos;s quantization_config says the checkpoint stores them, {stored_as}: {size:.1f} GiB in all, not at the requested {weights}: vLLM loads a quantized checkpoint as stored; name another format to plan a converted copy</source>
        <translation>веса посчитаны так, как их хранит контрольная точка по quantization_config из config.json, — {stored_as}: всего {size:.1f} ГиБ, а не в запрошенном формате {weights}: vLLM загружает квантованную контрольную точку в том виде, в каком она хранится; чтобы спланировать преобразованную копию, укажите другой формат</translation>
    </message>
    <message id="weights_not_as_stored">
        <source>config.json&apos;s quantization_config says the checkpoint stores {stored_as} ({size:.1f} GiB in all); the weights are counted at the requested {weights} instead, as for a copy converted to it</source>
        <translation>по quantization_config из config.json контрольная точка хранит {stored_as} (всего {size:.1f} ГиБ); веса же посчитаны в запрошенном формате {weights}, как для копии, преобразованной в него</translation>
    </message>
    <message id="weights_not_as_stored.training">
        <source>config.json&apos;s quantization_config says the checkpoint stores {stored_as} ({size:.1f} GiB in all); training counts the weights in its own precision, as for a copy converted to it</source>
        <translation>по quantization_config из config.json контрольная точка хранит {stored_as} (всего {size:.1f} ГиБ); обучение считает веса в своей собственной точности, как для копии, преобразованной в неё</translation>
    </message>
    <message id="word.binding.kv_pool">
        <source>vLLM&apos;s KV cache pool</source>
        <translation>пул KV-кэша vLLM</translation>
    </message>
    <message id="word.binding.max_num_seqs">
        <source>vLLM&apos;s max_num_seqs</source>
        <translation>max_num_seqs vLLM</translation>
    </message>
    <message id="word.binding.max_position_embeddings">
        <source>the model&apos;s max_position_embeddings</source>
        <translation>max_position_embeddings модели</translation>
    </message>
    <message id="word.binding.memory">
        <source>memory</source>
        <translation>память</translation>
    </message>
    <message id="word.binding.request_maximum">
        <source>the largest value a request allows</source>
        <translation>наибольшее значение, допустимое в запросе</translation>
    </message>
    <message id="word.binding.user_cap">
        <source>the cap you set</source>
        <translation>заданный вами предел</translation>
    </message>
    <message id="word.change.checkpointing">
        <source>activation checkpointing</source>
        <translation>чекпойнтингом активаций</translation>
    </message>
    <message id="word.change.cpu_offload">
        <source>model CPU offload</source>
        <translation>выгрузкой моделей на CPU</translation>
    </message>
    <message id="word.change.fp8_kv">
        <source>an fp8 KV cache</source>
        <translation>KV-кэшем fp8</translation>
    </message>
    <message id="word.change.int4">
        <source>int4 weights</source>
        <translation>весами int4</translation>
    </message>
    <message id="word.change.offer">
        <source>another GPU offer</source>
        <translation>другим предложением GPU</translation>
    </message>
    <message id="word.change.qlora">
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message id="word.change.vae_tiling">
        <source>VAE tiling</source>
        <translation>тайлингом VAE</translation>
    </message>
    <message id="word.constraint.max_num_seqs">
        <source>max_num_seqs</source>
        <translation>max_num_seqs</translation>
    </message>
    <message id="word.constraint.memory">
        <source>memory</source>
        <translation>память</translation>
    </message>
    <message id="word.constraint.rate">
        <source>rate</source>
        <translation>частота запросов</translation>
    </message>
    <message id="word.constraint.tpot">
        <source>time per output token</source>
        <translation>время на выходной токен</translation>
    </message>
    <message id="word.constraint.ttft">
        <source>time to first token</source>
        <translation>время до первого токена</translation>
    </message>
    <message id="word.doing.create">
        <source>create</source>
        <translation>создать</translation>
    </message>
    <message id="word.doing.read">
        <source>read</source>
        <translation>прочитать</translation>
    </message>
    <message id="word.doing.use">
        <source>use</source>
        <translation>использовать</translation>
    </message>
    <message id="word.doing.write">
        <source>write</source>
        <translation>записать</translation>
    </message>
    <message id="word.larger.decode">
        <source>the VAE decode</source>
        <translation>декодирования VAE</translation>
    </message>
    <message id="word.larger.denoise">
        <source>denoising</source>
        <translation>шумоподавления</translation>
    </message>
    <message id="word.method.unnamed">
        <source>a quantization method</source>
        <translation>без указания метода</translation>
    </message>
    <message id="word.stored_as.awq_int4">
        <source>AWQ int4 groups</source>
        <translation>группы int4 в формате AWQ</translation>
    </message>
    <message id="word.stored_as.fp8_channel">
        <source>fp8 with one scale per output channel</source>
        <translation>fp8 с масштабом на каждый выходной канал</translation>
    </message>
    <message id="word.stored_as.fp8_e8m0">
        <source>fp8 blocks with E8M0 scales</source>
        <translation>блоки fp8 с масштабами E8M0</translation>
    </message>
    <message id="word.stored_as.fp8_fp32">
        <source>fp8 blocks with fp32 scales</source>
        <translation>блоки fp8 с масштабами fp32</translation>
    </message>
    <message id="word.stored_as.fp8_tensor">
        <source>fp8 with one scale per matrix</source>
        <translation>fp8 с одним масштабом на матрицу</translation>
    </message>
    <message id="word.stored_as.gptq_int4">
        <source>GPTQ int4 groups</source>
        <translation>группы int4 в формате GPTQ</translation>
    </message>
    <message id="word.stored_as.int4_packed">
        <source>int4 packed in groups (compressed-tensors)</source>
        <translation>int4, упакованные группами (compressed-tensors)</translation>
    </message>
    <message id="word.stored_as.int8_channel">
        <source>int8 with one scale per output channel</source>
        <translation>int8 с масштабом на каждый выходной канал</translation>
    </message>
    <message id="word.stored_as.modelopt_nvfp4">
        <source>NVFP4 with an fp8 scale per 16 values (ModelOpt)</source>
        <translation>NVFP4 с масштабом fp8 на каждые 16 значений (ModelOpt)</translation>
    </message>
    <message id="word.stored_as.mxfp4">
        <source>MXFP4 experts, the rest in bf16</source>
        <translation>эксперты в MXFP4, остальное в bf16</translation>
    </message>
    <message id="word.stored_as.mxfp4_fp8_e8m0">
        <source>MXFP4 experts and fp8 blocks with E8M0 scales</source>
        <translation>эксперты в MXFP4 и блоки fp8 с масштабами E8M0</translation>
    </message>
    <message id="word.stored_as.mxfp4_fp8_fp32">
        <source>MXFP4 experts and fp8 blocks with fp32 scales</source>
        <translation>эксперты в MXFP4 и блоки fp8 с масштабами fp32</translation>
    </message>
    <message id="word.strategy.ddp">
        <source>ddp</source>
        <translation>DDP</translation>
    </message>
    <message id="word.strategy.fsdp">
        <source>fsdp</source>
        <translation>FSDP</translation>
    </message>
    <message id="word.strategy.single">
        <source>single</source>
        <translation>один GPU</translation>
    </message>
    <message id="word.strategy.tensor">
        <source>tensor</source>
        <translation>тензорный параллелизм</translation>
    </message>
    <message id="word.unit.day">
        <source>day</source>
        <translation>сутки</translation>
    </message>
    <message id="word.unit.hour">
        <source>hour</source>
        <translation>час</translation>
    </message>
    <message id="word.unit.month">
        <source>month</source>
        <translation>месяц</translation>
    </message>
    <message id="word.unit.week">
        <source>week</source>
        <translation>неделя</translation>
    </message>
    <message id="word.what.amount">
        <source>amount</source>
        <translation>сумма</translation>
    </message>
    <message id="word.what.backup">
        <source>backup</source>
        <translation>резервная копия</translation>
    </message>
    <message id="word.what.export">
        <source>export</source>
        <translation>экспорт</translation>
    </message>
    <message id="word.what.storage_price">
        <source>storage price</source>
        <translation>цена хранилища</translation>
    </message>
    <message id="word.what.tax_rate">
        <source>tax rate</source>
        <translation>ставка налога</translation>
    </message>
    <message id="word.what.total">
        <source>total</source>
        <translation>итог</translation>
    </message>
    <message id="word.what.unit_price">
        <source>unit price</source>
        <translation>цена за единицу</translation>
    </message>
</context>
</TS>
